// The values of tensors that module scope (and the constructors it calls)
// makes from constants: `torch.linspace(0, rate, n)`, `torch.arange(n)`,
// `torch.tensor([...])`, `torch.full(...)`, rows of them and casts. The model
// files of timm, Swin and ConvNeXt decide their structure from them
// (`dpr = [x.item() for x in torch.linspace(0, drop_path_rate, sum(depths))]`,
// then `DropPath(dpr[i]) if dpr[i] > 0. else nn.Identity()`), so `.item()`,
// `.tolist()`, `int(t)` and `float(t)` of them are known at compile time,
// computed by the runtime's tensor library (the functions the interpreter
// runs for the same calls: one semantics, torch's bits). Elementwise
// arithmetic on such tensors and Python numbers (`torch.linspace(0, 1, n) *
// rate + base`, `torch.arange(n) ** 2`) is known too, computed by the same
// kernels. Bounded: 4,096 elements; nothing random or loaded (issue 39,
// part 1).
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

// The runtime kernels of the elementwise ops FoldKnownData computes (the
// ones without attributes whose runtime op computes exactly the graph op).
using K = graph::OpKind;
constexpr std::pair<K, rt::UnaryOp> kUnary[] = {
    {K::Neg, rt::UnaryOp::Neg}, {K::Abs, rt::UnaryOp::Abs}, {K::Exp, rt::UnaryOp::Exp}, {K::Log, rt::UnaryOp::Log},
    {K::Sqrt, rt::UnaryOp::Sqrt}, {K::Rsqrt, rt::UnaryOp::Rsqrt}, {K::Sin, rt::UnaryOp::Sin},
    {K::Cos, rt::UnaryOp::Cos}, {K::Tanh, rt::UnaryOp::Tanh}, {K::Sigmoid, rt::UnaryOp::Sigmoid},
    {K::Relu, rt::UnaryOp::Relu}, {K::Log2, rt::UnaryOp::Log2}, {K::Exp2, rt::UnaryOp::Exp2},
    {K::Log1p, rt::UnaryOp::Log1p}, {K::Expm1, rt::UnaryOp::Expm1}, {K::Reciprocal, rt::UnaryOp::Reciprocal},
    {K::Floor, rt::UnaryOp::Floor}, {K::Ceil, rt::UnaryOp::Ceil}, {K::Trunc, rt::UnaryOp::Trunc},
    {K::Sign, rt::UnaryOp::Sign}};
constexpr std::pair<K, rt::BinaryOp> kBinary[] = {
    {K::Add, rt::BinaryOp::Add}, {K::Sub, rt::BinaryOp::Sub}, {K::Mul, rt::BinaryOp::Mul},
    {K::Div, rt::BinaryOp::Div}, {K::FloorDiv, rt::BinaryOp::FloorDiv}, {K::Mod, rt::BinaryOp::Mod},
    {K::Pow, rt::BinaryOp::Pow}, {K::Maximum, rt::BinaryOp::Maximum}, {K::Minimum, rt::BinaryOp::Minimum},
    {K::Eq, rt::BinaryOp::Eq}, {K::Ne, rt::BinaryOp::Ne}, {K::Lt, rt::BinaryOp::Lt}, {K::Le, rt::BinaryOp::Le},
    {K::Gt, rt::BinaryOp::Gt}, {K::Ge, rt::BinaryOp::Ge}};

template <class Op, size_t N>
std::optional<Op> Find(const std::pair<K, Op> (&table)[N], K op) {
  for (const auto& [k, r] : table)
    if (k == op) return r;
  return std::nullopt;
}

rt::Scalar ScalarOf(double v, graph::DType dt) {
  if (dt == graph::DType::Bool) return rt::Scalar::from_bool(v != 0);
  if (IsFloatType(dt)) return rt::Scalar::from_float(v);
  return rt::Scalar::from_int(static_cast<int64_t>(v));
}
}  // namespace

void Tracer::FoldKnownData(graph::OpKind op, const std::vector<ValuePtr>& in, const graph::Attrs& a,
                           const ValuePtr& out) {
  const std::optional<rt::UnaryOp> unary = Find(kUnary, op);
  const std::optional<rt::BinaryOp> binary = Find(kBinary, op);
  const bool foldable = op == K::Linspace || op == K::Arange || op == K::Constant || op == K::Full ||
                        op == K::Select || op == K::Cast || op == K::Reshape || unary || binary;
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
    } else if (unary && known(0)) {
      r = rt::unary(*unary, *in[0]->values);
    } else if (binary && in.size() == 2) {
      // a known tensor with a known tensor, or with a Python number (weak, as torch)
      auto number = [&](size_t i) -> std::optional<rt::Scalar> {
        const Value& v = *in[i];
        if (!v.known || !v.is_number()) return std::nullopt;
        if (v.kind == VK::Bool) return rt::Scalar::from_bool(v.b);
        if (v.kind == VK::Int) return rt::Scalar::from_int(v.i);
        return rt::Scalar::from_float(v.f);
      };
      if (known(0) && known(1)) r = rt::binary(*binary, *in[0]->values, *in[1]->values);
      else if (known(0) && number(1)) r = rt::binary(*binary, *in[0]->values, *number(1));
      else if (number(0) && known(1)) r = rt::binary(*binary, *number(0), *in[1]->values);
    }
    // The kernel's result must be the graph's (its dtype rule and shape): else not folded.
    if (r && (r->dtype() != dt || !(r->sizes() == *dims))) r.reset();
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
