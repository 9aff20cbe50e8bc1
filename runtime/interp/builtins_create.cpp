// Implements tensor creation builtins (tensor, zeros, ones, full, arange,
// linspace, eye, rand, randn, *_like, manual_seed), .npy I/O (load, save),
// and the dtype names (float32, float64, int64, int32).
#include "interp/interpreter.h"
#include "interp/tensor_value.h"
#include "tensor/io.h"

namespace tcc::interp {

void RegisterTensorFunctions(BuiltinTable& t);
void RegisterWindowBuiltins(BuiltinTable& t);  // builtins_conv.cpp
void RegisterTorchIoBuiltins(BuiltinTable& t);  // builtins_torch_io.cpp

namespace {

std::optional<rt::DType> OptDType(Args& a) {
  const Value& d = a.Get(-1, "dtype");
  if (d.is_undef() || d.is_none()) return std::nullopt;
  return DTypeArg(d, "`dtype`");
}

Value TensorFn(Interp&, Args& a) {
  a.Check(1, {"data", "dtype"});
  const Value& data = a.Need(0, "data");
  if (data.is(OType::Tensor)) {
    auto dt = OptDType(a);
    return MakeTensor(dt ? rt::to_dtype(rt::clone(TensorOf(data)), *dt) : rt::clone(TensorOf(data)));
  }
  return MakeTensor(rt::tensor_from(ValueToNested(data), OptDType(a)));
}

// torch.Tensor(2, 3), torch.Tensor([1, 2]): the legacy constructor, written
// in stdlib/torch.ts and registered as __tensor_methods(__new__=...).
Value LegacyTensorFn(Interp& in, Args& a) {
  auto it = ScriptMethods().find(Intern("__new__"));
  if (it == ScriptMethods().end()) return TensorFn(in, a);
  return in.Call(it->second, a.pos, a.npos, a.kwnames, a.kwvals, a.nkw);
}

rt::Dims Shape(Args& a) {
  if (a.npos == 0) {
    const Value& s = a.Get(-1, "size");
    if (s.is_undef()) return rt::Dims{};
    return ShapeArgs(&s, 1, a.fname);
  }
  return ShapeArgs(a.pos, a.npos, a.fname);
}

Value Zeros(Interp&, Args& a) {
  a.Check(rt::kMaxDims, {"size", "dtype"});
  return MakeTensor(rt::zeros(Shape(a), OptDType(a).value_or(rt::DType::F32)));
}
Value Ones(Interp&, Args& a) {
  a.Check(rt::kMaxDims, {"size", "dtype"});
  return MakeTensor(rt::ones(Shape(a), OptDType(a).value_or(rt::DType::F32)));
}
Value Rand(Interp&, Args& a) {
  a.Check(rt::kMaxDims, {"size", "dtype"});
  return MakeTensor(rt::rand(Shape(a), OptDType(a).value_or(rt::DType::F32)));
}
Value Randn(Interp&, Args& a) {
  a.Check(rt::kMaxDims, {"size", "dtype"});
  return MakeTensor(rt::randn(Shape(a), OptDType(a).value_or(rt::DType::F32)));
}
// randint(high, size) | randint(low, high, size, dtype=int64): torch's draws.
Value RandInt(Interp&, Args& a) {
  a.Check(3, {"low", "high", "size", "dtype"});
  const bool two = a.npos == 2 || (a.npos < 2 && a.Get(-1, "low").is_undef());
  int64_t low = two ? 0 : IntArg(a.Need(0, "low"), "low");
  int64_t high = IntArg(a.Need(two ? 0 : 1, "high"), "high");
  const Value& s = a.Need(two ? 1 : 2, "size");
  if (high <= low)
    ValueErr("random_ expects 'from' to be less than 'to', but got from=" + std::to_string(low) + " >= to=" +
             std::to_string(high));
  rt::Tensor t = rt::randint(low, high, ShapeArgs(&s, 1, "randint"));
  auto dt = OptDType(a);
  return MakeTensor(dt ? rt::to_dtype(t, *dt) : t);
}
// randperm(n, dtype=int64): torch's permutation.
Value RandPerm(Interp&, Args& a) {
  a.Check(1, {"n", "dtype"});
  int64_t n = IntArg(a.Need(0, "n"), "n");
  if (n < 0) ValueErr("randperm: n must be non-negative, got " + std::to_string(n));
  rt::Tensor t = rt::randperm(n);
  auto dt = OptDType(a);
  return MakeTensor(dt ? rt::to_dtype(t, *dt) : t);
}
Value Full(Interp&, Args& a) {
  a.Check(2, {"size", "fill_value", "dtype"});
  const Value& s = a.Need(0, "size");
  return MakeTensor(rt::full(ShapeArgs(&s, 1, "full"), ToScalar(a.Need(1, "fill_value"), "fill_value"), OptDType(a)));
}

// torch's two forms: arange(end) and arange(start, end, step=1), each
// argument also by keyword (arange(end=5), arange(start=2, end=8, step=3)).
Value Arange(Interp&, Args& a) {
  a.Check(3, {"start", "end", "step", "dtype"});
  const Value& end_kw = a.Get(-1, "end");
  if (a.npos == 1 && end_kw.is_undef() && a.Get(-1, "start").is_undef())
    return MakeTensor(rt::arange(ToScalar(a.pos[0], "end"), OptDType(a)));
  const Value& start = a.Get(0, "start");
  const Value& end = a.Get(1, "end");
  const Value& step = a.Get(2, "step");
  if (end.is_undef()) ThrowError(DiagKind::RtArgumentError, "`arange()` needs at least an end value");
  return MakeTensor(rt::arange(start.is_undef() ? rt::Scalar::from_int(0) : ToScalar(start, "start"),
                               ToScalar(end, "end"), step.is_undef() ? rt::Scalar::from_int(1) : ToScalar(step, "step"),
                               OptDType(a)));
}

Value Linspace(Interp&, Args& a) {
  a.Check(3, {"start", "end", "steps", "dtype"});
  return MakeTensor(rt::linspace(ToScalar(a.Need(0, "start"), "start").to_double(),
                                 ToScalar(a.Need(1, "end"), "end").to_double(),
                                 IntArg(a.Need(2, "steps"), "steps"), OptDType(a)));
}

Value Eye(Interp&, Args& a) {
  a.Check(2, {"n", "m", "dtype"});
  const Value& m = a.Get(1, "m");
  std::optional<int64_t> mm;
  if (!m.is_undef() && !m.is_none()) mm = IntArg(m, "m");
  return MakeTensor(rt::eye(IntArg(a.Need(0, "n"), "n"), mm, OptDType(a).value_or(rt::DType::F32)));
}

Value ManualSeed(Interp&, Args& a) {
  a.Check(1, {"seed"});
  rt::manual_seed(static_cast<uint64_t>(IntArg(a.Need(0, "seed"), "seed")));
  return Value::None();
}

const rt::Tensor& LikeArg(Args& a) {
  const Value& v = a.Need(0, "input");
  if (!v.is(OType::Tensor)) TypeErr(std::string("`") + a.fname + "()` needs a tensor, not `" + TypeName(v) + "`");
  return TensorOf(v);
}
Value ZerosLike(Interp&, Args& a) { a.Check(1, {"input", "dtype"}); return MakeTensor(rt::zeros_like(LikeArg(a), OptDType(a))); }
Value OnesLike(Interp&, Args& a) { a.Check(1, {"input", "dtype"}); return MakeTensor(rt::ones_like(LikeArg(a), OptDType(a))); }
Value RandLike(Interp&, Args& a) { a.Check(1, {"input", "dtype"}); return MakeTensor(rt::rand_like(LikeArg(a), OptDType(a))); }
Value RandnLike(Interp&, Args& a) { a.Check(1, {"input", "dtype"}); return MakeTensor(rt::randn_like(LikeArg(a), OptDType(a))); }
Value FullLike(Interp&, Args& a) {
  a.Check(2, {"input", "fill_value", "dtype"});
  return MakeTensor(rt::full_like(LikeArg(a), ToScalar(a.Need(1, "fill_value"), "fill_value"), OptDType(a)));
}

const std::string& PathArg(Args& a, int32_t i) {
  const Value& p = a.Need(i, "path");
  if (!p.is(OType::Str)) TypeErr(std::string("`") + a.fname + "()` takes a file path string, not `" + TypeName(p) + "`");
  return p.as<StrObj>()->s;
}

Value Load(Interp&, Args& a) {
  a.Check(1, {"path"});
  return MakeTensor(rt::load_npy(PathArg(a, 0)));
}

// save(tensor, path), torch.save's order. The older save(path, tensor) still
// works: a str first and a tensor second cannot mean the other order.
Value Save(Interp&, Args& a) {
  a.Check(2, {"tensor", "path"});
  bool old_order = a.npos == 2 && a.pos[0].is(OType::Str) && !a.pos[1].is(OType::Str);
  const std::string& path = PathArg(a, old_order ? 0 : 1);
  const Value& t = a.Need(old_order ? 1 : 0, "tensor");
  rt::save_npy(path, ToTensor(t, "the saved value"));
  return Value::None();
}

}  // namespace

void RegisterTensorBuiltins(BuiltinTable& t) {
  RegisterTensorFunctions(t);
  RegisterWindowBuiltins(t);
  RegisterTorchIoBuiltins(t);
  t.AddFn("tensor", TensorFn);
  t.AddFn("Tensor", LegacyTensorFn);
  t.AddFn("zeros", Zeros);
  t.AddFn("ones", Ones);
  t.AddFn("full", Full);
  t.AddFn("arange", Arange);
  t.AddFn("linspace", Linspace);
  t.AddFn("eye", Eye);
  t.AddFn("rand", Rand);
  t.AddFn("randn", Randn);
  t.AddFn("randint", RandInt);
  t.AddFn("randperm", RandPerm);
  t.AddFn("manual_seed", ManualSeed);
  t.AddFn("zeros_like", ZerosLike);
  t.AddFn("ones_like", OnesLike);
  t.AddFn("full_like", FullLike);
  t.AddFn("rand_like", RandLike);
  t.AddFn("randn_like", RandnLike);
  t.AddFn("load", Load);
  t.AddFn("save", Save);
  // the dtype names of lang/semantics/dtypes.def (`bool` is the Python builtin)
#define TCC_DTYPE(Name, name, bytes, Category) \
  if (sem::DType::Name != sem::DType::Bool) t.Add(name, MakeDType(sem::DType::Name));
#include "semantics/dtypes.def"
}

}  // namespace tcc::interp
