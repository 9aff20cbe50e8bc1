// Implements the window builtins (`_conv`, `_max_pool`, `_avg_pool`,
// `_adaptive_avg_pool`, `_pad`; stdlib/nn.ts's conv1d/conv2d, pooling and
// pad call them with normalised arguments) as graph ops of the Window
// category, with lang/semantics/window.h's shape rules, the ones the interpreter
// (runtime/interp/builtins_conv.cpp) and the runtime kernels apply.
#include "graph/shape.h"
#include "semantics/window.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {

// An int or a list/tuple of ints known at compile time; nullopt otherwise.
std::optional<std::vector<int64_t>> KnownInts(const ValuePtr& v) {
  if (!v || v->kind == VK::None) return std::vector<int64_t>{};
  if (auto k = KnownInt(v)) return std::vector<int64_t>{*k};
  if (v->kind != VK::List && v->kind != VK::Tuple) return std::nullopt;
  std::vector<int64_t> out;
  for (const auto& x : v->items) {
    auto k = KnownInt(x);
    if (!k) return std::nullopt;
    out.push_back(*k);
  }
  return out;
}

std::vector<int64_t> StaticSizes(const Shape& s) {
  std::vector<int64_t> r;
  for (const auto& d : s) r.push_back(d.is_static() ? d.size : 1);
  return r;
}

// The nn functions behind a window builtin, for messages.
const char* UserName(graph::OpKind op) {
  switch (op) {
    case graph::OpKind::Conv: return "nn.conv1d/conv2d";
    case graph::OpKind::MaxPool: return "nn.max_pool1d/max_pool2d";
    case graph::OpKind::AvgPool: return "nn.avg_pool1d/avg_pool2d";
    case graph::OpKind::AdaptiveAvgPool: return "nn.adaptive_avg_pool1d/adaptive_avg_pool2d";
    case graph::OpKind::Pad: return "nn.pad";
    case graph::OpKind::Sort: return "sort/topk";
    case graph::OpKind::Scatter: return "scatter";
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0
#include "semantics/op_cases.inc"
      break;
  }
  return "a window op";
}

}  // namespace

ValuePtr Tracer::WindowBuiltin(const std::string& builtin, CallArgs& args) {
  Range where = args.range;
  graph::OpKind op = *BuiltinOp(builtin, sem::BuiltinRule::Window);
  const std::string name = UserName(op);  // what the user called
  ValuePtr x = args.Arg(0, "input");
  if (!x || x->kind != VK::Tensor) {
    if (x && x->kind == VK::Unknown) return MakeUnknown();
    Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a tensor input");
    MarkEager();
    return MakeUnknown();
  }
  std::vector<ValuePtr> inputs = {x};
  // every non-tensor argument must be known at compile time
  auto ints = [&](size_t i, const char* kw, std::vector<int64_t>* out) {
    auto v = KnownInts(args.Arg(i, kw));
    if (!v) {
      Break(BreakKind::Unsupported, where, "`" + name + "` with a `" + kw + "` known only at run time");
      return false;
    }
    *out = *v;
    return true;
  };
  auto flag = [&](size_t i, const char* kw, bool dflt) {
    ValuePtr v = args.Arg(i, kw);
    return v ? KnownTruth(*v).value_or(dflt) : dflt;
  };
  graph::Attrs a;
  if (op == graph::OpKind::Pad) {
    std::vector<int64_t> pads;
    if (!ints(1, "pad", &pads)) return MakeUnknown();
    ValuePtr m = args.Arg(2, "mode"), val = args.Arg(3, "value");
    sem::PadMode mode = sem::PadMode::Constant;
    if (m && m->kind != VK::None) {
      if (m->kind != VK::Str || !m->known) {
        Break(BreakKind::Unsupported, where, "`nn.pad` with a mode known only at run time");
        return MakeUnknown();
      }
      if (!sem::PadModeFromName(m->s, &mode)) {
        Issue(DiagKind::TraceArgumentError, where, "`nn.pad()` mode must be \"constant\", \"reflect\" or \"replicate\"");
        MarkEager();
        return MakeUnknown();
      }
    }
    if (val && val->kind != VK::None) {
      if (!val->is_known_number()) {
        Break(BreakKind::Unsupported, where, "`nn.pad` with a value known only at run time");
        return MakeUnknown();
      }
      a.fvalue = val->as_double();
    }
    a.ints = pads;
    a.axis = static_cast<int64_t>(mode);  // (CSE compares axis, not index)
  } else {
    sem::WindowKind kind = op == graph::OpKind::Conv      ? sem::WindowKind::Conv
                           : op == graph::OpKind::MaxPool ? sem::WindowKind::MaxPool
                           : op == graph::OpKind::AvgPool ? sem::WindowKind::AvgPool
                                                          : sem::WindowKind::AdaptiveAvgPool;
    std::vector<int64_t> kernel, stride, padding, dilation, groups = {1};
    bool ceil_mode = false, cip = true;
    bool ok = true;
    switch (kind) {
      case sem::WindowKind::Conv: {
        ValuePtr w = args.Arg(1, "weight"), bias = args.Arg(2, "bias");
        if (!w || w->kind != VK::Tensor || (bias && bias->kind != VK::None && bias->kind != VK::Tensor)) {
          Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a weight tensor and a bias tensor or None");
          MarkEager();
          return MakeUnknown();
        }
        inputs.push_back(w);
        if (bias && bias->kind == VK::Tensor) inputs.push_back(bias);
        ok = ints(3, "stride", &stride) && ints(4, "padding", &padding) && ints(5, "dilation", &dilation) &&
             ints(6, "groups", &groups);
        if (ok && groups.empty()) groups = {1};
        break;
      }
      case sem::WindowKind::MaxPool:
        ok = ints(1, "kernel_size", &kernel) && ints(2, "stride", &stride) && ints(3, "padding", &padding) &&
             ints(4, "dilation", &dilation);
        ceil_mode = flag(5, "ceil_mode", false);
        break;
      case sem::WindowKind::AvgPool:
        ok = ints(1, "kernel_size", &kernel) && ints(2, "stride", &stride) && ints(3, "padding", &padding);
        ceil_mode = flag(4, "ceil_mode", false);
        cip = flag(5, "count_include_pad", true);
        break;
      case sem::WindowKind::AdaptiveAvgPool: ok = ints(1, "output_size", &kernel); break;
    }
    if (!ok) return MakeUnknown();
    int spatial = 0;
    sem::WindowParams p;
    std::string err = sem::MakeWindowParams(kind, kernel, stride, padding, dilation, groups.empty() ? 1 : groups[0],
                                            ceil_mode, cip, &spatial, &p);
    if (!err.empty()) {
      Issue(DiagKind::TraceArgumentError, where, err);
      MarkEager();
      return MakeUnknown();
    }
    if (kind == sem::WindowKind::Conv && inputs[1]->rank_known &&
        static_cast<int>(inputs[1]->type.shape.size()) == spatial + 2) {  // the kernel size is the weight's
      std::vector<int64_t> ws = StaticSizes(inputs[1]->type.shape);
      p.kh = spatial == 2 ? ws[2] : 1;
      p.kw = ws.back();
    }
    // only the batch dim may be known only at run time
    bool symbolic = false;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const Shape& s = inputs[i]->type.shape;
      bool batched = static_cast<int>(s.size()) == spatial + 2;
      for (size_t d = 0; d < s.size(); ++d) symbolic |= !s[d].is_static() && !(i == 0 && batched && d == 0);
    }
    if (symbolic) {
      Break(BreakKind::Unsupported, where, "`" + name + "` of a tensor whose sizes other than the batch size are known only at run time");
      return MakeUnknown();
    }
    a.ints = p.ToInts();
    a.axis = spatial;
  }
  for (const auto& v : inputs)
    if (!v->rank_known) {
      Break(BreakKind::Unsupported, where, "`" + name + "` of a tensor whose rank is known only at run time");
      return MakeUnknown();
    }
  graph::DType dt = x->type.dtype;
  for (const auto& v : inputs) {
    bool bad = v->type.dtype != dt || (op != graph::OpKind::Pad && !sem::IsFloating(dt));
    if (bad) {
      Issue(DiagKind::TraceTypeError, where,
            "`" + name + "` takes float32 or float64 tensors of one dtype, got " + DTypeSpelling(dt) +
                (v->type.dtype != dt ? std::string(" and ") + DTypeSpelling(v->type.dtype) : std::string()),
            "convert them first, e.g. `x.float()`");
      MarkEager();
      return MakeUnknown();
    }
  }
  std::vector<Shape> shapes;
  for (const auto& v : inputs) shapes.push_back(v->type.shape);
  Shape out;
  std::string err = graph::WindowOutShape(op, a, shapes, &out);
  if (!err.empty()) {
    if (op == graph::OpKind::Pad && !graph::IsStatic(x->type.shape)) {  // a padded dim known only at run time
      Break(BreakKind::Unsupported, where, "`nn.pad` of a dim whose size is known only at run time");
      return MakeUnknown();
    }
    return ShapeError(err, where);
  }
  return Emit(op, inputs, a, {dt, out}, where);
}

}  // namespace tcc::trace
