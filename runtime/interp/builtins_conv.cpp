// Implements the window builtins behind stdlib/nn.ts's conv1d/conv2d,
// max_pool*, avg_pool*, adaptive_avg_pool* and pad: `_conv`, `_max_pool`,
// `_avg_pool`, `_adaptive_avg_pool` and `_pad`. They take the normalised
// arguments nn.ts makes (lists of ints, see lang/semantics/window.h's
// MakeWindowParams); the tracer reads the same arguments
// (compiler/trace/builtins_conv.cpp).
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "semantics/window.h"

namespace tcc::interp {

namespace {

std::vector<int64_t> IntOrIntList(const Value& v, const char* what) {
  if (v.is_undef() || v.is_none()) return {};
  if (v.is_int()) return {v.as_int()};
  if (!v.is(OType::List) && !v.is(OType::Tuple))
    TypeErr(std::string("`") + what + "` must be an int or a list of ints, not `" + TypeName(v) + "`");
  std::vector<int64_t> out;
  for (const Value& x : Materialize(v)) out.push_back(IntArg(x, what));
  return out;
}

const rt::Tensor& TensorArg(Args& a, int32_t i, const char* name) {
  const Value& v = a.Need(i, name);
  if (!v.is(OType::Tensor)) TypeErr(std::string("`") + a.fname + "()` needs a tensor `" + name + "`, not `" + TypeName(v) + "`");
  return TensorOf(v);
}

bool FlagArg(Args& a, int32_t i, const char* name, bool dflt) {
  const Value& v = a.Get(i, name);
  return v.is_undef() ? dflt : Truthy(v);
}

sem::WindowParams Params(sem::WindowKind kind, const std::vector<int64_t>& kernel, const std::vector<int64_t>& stride,
                         const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, int64_t groups,
                         bool ceil_mode, bool cip, int* spatial) {
  sem::WindowParams p;
  std::string err = sem::MakeWindowParams(kind, kernel, stride, padding, dilation, groups, ceil_mode, cip, spatial, &p);
  if (!err.empty()) ValueErr(err);
  return p;
}

Value Conv(Interp&, Args& a) {
  a.Check(7, {"input", "weight", "bias", "stride", "padding", "dilation", "groups"});
  const rt::Tensor& x = TensorArg(a, 0, "input");
  const rt::Tensor& w = TensorArg(a, 1, "weight");
  const Value& bv = a.Get(2, "bias");
  const Value& g = a.Get(6, "groups");
  int spatial;
  sem::WindowParams p = Params(sem::WindowKind::Conv, {}, IntOrIntList(a.Need(3, "stride"), "stride"),
                               IntOrIntList(a.Need(4, "padding"), "padding"), IntOrIntList(a.Need(5, "dilation"), "dilation"),
                               g.is_undef() ? 1 : IntArg(g, "groups"), false, true, &spatial);
  if (bv.is_undef() || bv.is_none()) return MakeTensor(rt::conv(spatial, x, w, nullptr, p));
  if (!bv.is(OType::Tensor)) TypeErr(std::string("`bias` must be a tensor or None, not `") + TypeName(bv) + "`");
  return MakeTensor(rt::conv(spatial, x, w, &TensorOf(bv), p));
}

Value MaxPool(Interp&, Args& a) {
  a.Check(6, {"input", "kernel_size", "stride", "padding", "dilation", "ceil_mode"});
  int spatial;
  sem::WindowParams p = Params(sem::WindowKind::MaxPool, IntOrIntList(a.Need(1, "kernel_size"), "kernel_size"),
                               IntOrIntList(a.Get(2, "stride"), "stride"), IntOrIntList(a.Need(3, "padding"), "padding"),
                               IntOrIntList(a.Need(4, "dilation"), "dilation"), 1, FlagArg(a, 5, "ceil_mode", false), true,
                               &spatial);
  return MakeTensor(rt::pool(sem::WindowKind::MaxPool, spatial, TensorArg(a, 0, "input"), p));
}

Value AvgPool(Interp&, Args& a) {
  a.Check(6, {"input", "kernel_size", "stride", "padding", "ceil_mode", "count_include_pad"});
  int spatial;
  sem::WindowParams p = Params(sem::WindowKind::AvgPool, IntOrIntList(a.Need(1, "kernel_size"), "kernel_size"),
                               IntOrIntList(a.Get(2, "stride"), "stride"), IntOrIntList(a.Need(3, "padding"), "padding"), {}, 1,
                               FlagArg(a, 4, "ceil_mode", false), FlagArg(a, 5, "count_include_pad", true), &spatial);
  return MakeTensor(rt::pool(sem::WindowKind::AvgPool, spatial, TensorArg(a, 0, "input"), p));
}

Value AdaptiveAvgPool(Interp&, Args& a) {
  a.Check(2, {"input", "output_size"});
  int spatial;
  sem::WindowParams p = Params(sem::WindowKind::AdaptiveAvgPool, IntOrIntList(a.Need(1, "output_size"), "output_size"), {},
                               {}, {}, 1, false, true, &spatial);
  return MakeTensor(rt::pool(sem::WindowKind::AdaptiveAvgPool, spatial, TensorArg(a, 0, "input"), p));
}

Value Pad(Interp&, Args& a) {
  a.Check(4, {"input", "pad", "mode", "value"});
  const rt::Tensor& x = TensorArg(a, 0, "input");
  std::vector<int64_t> pads = IntOrIntList(a.Need(1, "pad"), "pad");
  const Value& m = a.Get(2, "mode");
  sem::PadMode mode = sem::PadMode::Constant;
  if (!m.is_undef() && !m.is_none()) {
    if (!m.is(OType::Str) || !sem::PadModeFromName(m.as<StrObj>()->s, &mode))
      ValueErr("`pad()` mode must be \"constant\", \"reflect\" or \"replicate\"");
  }
  const Value& v = a.Get(3, "value");
  double value = (v.is_undef() || v.is_none()) ? 0.0 : ToScalar(v, "value").to_double();
  return MakeTensor(rt::pad(x, pads, mode, value));
}

}  // namespace

void RegisterWindowBuiltins(BuiltinTable& t) {
  t.AddFn("_conv", Conv);
  t.AddFn("_max_pool", MaxPool);
  t.AddFn("_avg_pool", AvgPool);
  t.AddFn("_adaptive_avg_pool", AdaptiveAvgPool);
  t.AddFn("_pad", Pad);
}

}  // namespace tcc::interp
