// The values of tensors that module scope (and the constructors it calls)
// makes from constants: `torch.linspace(0, rate, n)`, `torch.arange(n)`,
// `torch.tensor([...])`, `torch.full(...)`, rows of them and casts. The model
// files of timm, Swin and ConvNeXt decide their structure from them
// (`dpr = [x.item() for x in torch.linspace(0, drop_path_rate, sum(depths))]`,
// then `DropPath(dpr[i]) if dpr[i] > 0. else nn.Identity()`), so `.item()`,
// `.tolist()`, `int(t)` and `float(t)` of them are known at compile time,
// computed by the runtime's tensor library (the functions the interpreter
// runs for the same calls: one semantics, torch's bits). Bounded: 4,096
// elements; nothing random, loaded or computed (issue 39, part 1).
#include <functional>

#include "tensor/ops.h"
#include "tensor/tensor.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
constexpr int64_t kMaxKnownElements = 4096;

std::optional<rt::Dims> StaticDims(const Shape& s) {
  std::vector<int64_t> v;
  int64_t n = 1;
  for (const Dim& d : s) {
    if (!d.is_static()) return std::nullopt;
    v.push_back(d.size);
    n *= d.size;
  }
  if (n > kMaxKnownElements || v.size() > size_t(rt::kMaxDims)) return std::nullopt;
  return rt::Dims(std::span<const int64_t>(v));
}

rt::Scalar ScalarOf(double v, graph::DType dt) {
  if (dt == graph::DType::Bool) return rt::Scalar::from_bool(v != 0);
  if (IsFloatType(dt)) return rt::Scalar::from_float(v);
  return rt::Scalar::from_int(static_cast<int64_t>(v));
}
}  // namespace

void Tracer::FoldKnownData(graph::OpKind op, const std::vector<ValuePtr>& in, const graph::Attrs& a,
                           const ValuePtr& out) {
  using K = graph::OpKind;
  const bool foldable = op == K::Linspace || op == K::Arange || op == K::Constant || op == K::Full ||
                        op == K::Select || op == K::Cast || op == K::Reshape;
  if (!foldable || Traced() || out->kind != VK::Tensor || !out->rank_known) return;
  std::optional<rt::Dims> dims = StaticDims(out->type.shape);
  if (!dims) return;
  const rt::DType dt = out->type.dtype;
  auto known = [&](size_t i) { return i < in.size() && in[i]->kind == VK::Tensor && KnownValues(in[i]); };
  try {
    std::optional<rt::Tensor> r;
    if (op == K::Linspace) {
      r = rt::linspace(a.fvalues[0], a.fvalues[1], (*dims)[0], dt);
    } else if (op == K::Arange) {
      const double start = a.fvalues[0], step = a.fvalues[1], end = start + step * double((*dims)[0]);
      bool ints = !IsFloatType(out->type.dtype);
      auto num = [&](double v) { return ints ? rt::Scalar::from_int(int64_t(v)) : rt::Scalar::from_float(v); };
      r = rt::arange(num(start), num(end), num(step), dt);
      if (r->numel() != (*dims)[0]) return;  // a float end rounded to another count: not folded
    } else if (op == K::Constant && !a.fvalues.empty()) {  // a literal's row-major data
      std::vector<rt::Scalar> flat;
      for (double v : a.fvalues) flat.push_back(ScalarOf(v, out->type.dtype));
      r = rt::tensor_from_flat(flat, *dims, dt);
    } else if (op == K::Constant || op == K::Full) {
      r = rt::full(*dims, ScalarOf(a.fvalue, out->type.dtype), dt);
    } else if (op == K::Select && known(0) && !a.ints.empty()) {
      std::vector<rt::IndexItem> items(size_t(a.axis), rt::Slice{});
      items.push_back(a.ints[0]);
      r = rt::clone(rt::index(*in[0]->values, items));
    } else if (op == K::Cast && known(0)) {
      r = rt::to_dtype(*in[0]->values, dt);
    } else if (op == K::Reshape && known(0)) {
      r = rt::reshape(rt::clone(*in[0]->values), std::span<const int64_t>(dims->data(), size_t(dims->size())));
    }
    if (r && r->numel() <= kMaxKnownElements) {
      out->values = std::make_shared<const rt::Tensor>(std::move(*r));
      out->values_epoch = (out->view_of ? out->view_of : out)->mutations;
    }
  } catch (const rt::TensorError&) {
    // The interpreter raises it when the program runs; the value stays unknown.
  }
}

// Known at module scope only (a compiled function is specialised on types,
// not data), and only while no in-place update of the tensor (or of the
// tensor it views) has made them stale.
bool Tracer::KnownValues(const ValuePtr& t) {
  return !Traced() && t->values && t->values_epoch == (t->view_of ? t->view_of : t)->mutations;
}

void Tracer::MutatedTensor(const ValuePtr& t) { ++(t->view_of ? t->view_of : t)->mutations; }

ValuePtr Tracer::KnownScalar(const ValuePtr& t) {
  if (!KnownValues(t) || t->values->numel() != 1) return nullptr;
  rt::Scalar s = t->values->item();
  if (s.kind == rt::Scalar::Kind::Bool) return MakeBool(s.b);
  if (s.is_float()) return MakeFloat(s.f);
  return MakeInt(s.i);
}

ValuePtr Tracer::KnownList(const ValuePtr& t) {
  if (!KnownValues(t)) return nullptr;
  std::function<ValuePtr(const rt::Tensor&)> list = [&](const rt::Tensor& x) -> ValuePtr {
    if (x.dim() == 0) {
      rt::Scalar s = x.item();
      return s.kind == rt::Scalar::Kind::Bool ? MakeBool(s.b) : s.is_float() ? MakeFloat(s.f) : MakeInt(s.i);
    }
    std::vector<ValuePtr> items;
    for (int64_t i = 0; i < x.sizes()[0]; ++i) {
      rt::IndexItem at[] = {i};
      items.push_back(list(rt::index(x, at)));
    }
    return MakeSeq(VK::List, items);
  };
  return list(*t->values);
}

}  // namespace tcc::trace
