// Implements tensor attributes: properties (`shape`, `dtype`, `T`, `ndim`)
// and methods. A method is either one of the tensor functions with the
// receiver first (`x.sum(1)` is `sum(x, 1)`, see TensorFunctionTable) or a
// method-only operation (`size`, `dim`, `to`, `float`, ...).
#include <unordered_map>

#include "interp/autograd.h"
#include "interp/interpreter.h"
#include "interp/tensor_method_names.h"
#include "interp/tensor_value.h"
#include "semantics/builtins.h"

namespace tcc::interp {

const std::vector<std::pair<const char*, BuiltinFn>>& TensorFunctionTable();
Value WhereMethod(Interp&, Args& a);

namespace {

Value ShapeTuple(const rt::Tensor& t) {
  std::vector<Value> dims;
  for (int64_t d : t.sizes()) dims.push_back(Value::Int(d));
  return MakeSize(std::move(dims));
}

Value Size(Interp&, Args& a) {
  a.Check(2, {"dim"});
  const rt::Tensor& t = TensorOf(a.pos[0]);
  const Value& d = a.Get(1, "dim");
  if (d.is_undef() || d.is_none()) return ShapeTuple(t);
  return Value::Int(t.size(IntArg(d, "dim")));
}
Value Dim(Interp&, Args& a) { a.Check(1, {}); return Value::Int(TensorOf(a.pos[0]).dim()); }
// x.to(dtype), x.to(other) (its dtype), x.to("cpu") / x.to("cpu", dtype) (the one device)
Value To(Interp&, Args& a) {
  a.Check(3, {"dtype", "device", "copy", "non_blocking"});
  const rt::Tensor& self = TensorOf(a.pos[0]);
  const Value& first = a.Get(1, "dtype");
  auto device_ok = [](const Value& v) {
    if (!v.is(OType::Str) || !sem::IsCpuDevice(v.as<StrObj>()->s)) ThrowError(DiagKind::RtKernelError, sem::kDeviceError);
  };
  const Value& dev = a.Get(-1, "device");
  if (!dev.is_undef()) device_ok(dev);
  Value dt = first;
  if (first.is(OType::Str)) {
    device_ok(first);
    dt = a.Get(2, "dtype");
  }
  if (dt.is_undef() || dt.is_none()) return MakeTensor(self);
  if (dt.is(OType::Tensor)) return MakeTensor(rt::to_dtype(self, TensorOf(dt).dtype()));
  return MakeTensor(rt::to_dtype(self, DTypeArg(dt, "`dtype`")));
}
template <rt::DType D>
Value Cast(Interp&, Args& a) {
  a.Check(1, {});
  return MakeTensor(rt::to_dtype(TensorOf(a.pos[0]), D));
}
std::unordered_map<int32_t, BuiltinFn>& Methods();

// `x.exp_()` (lang/semantics/inplace_methods.def): x.exp() written into x, which
// it returns; the result must keep x's shape and fit its dtype (torch's checks).
Value InPlaceOf(Interp& in, Args& a) {
  const char* target = sem::InPlaceTarget(a.fname);
  auto it = target ? Methods().find(Intern(target)) : Methods().end();
  if (it == Methods().end()) ThrowError(DiagKind::RtAttributeError, std::string("no in-place method `") + a.fname + "`");
  const rt::Tensor& self = TensorOf(a.pos[0]);
  const char* name = a.fname;
  a.fname = target;
  Value r = it->second(in, a);
  a.fname = name;
  const rt::Tensor& out = TensorOf(r);
  if (!sem::InPlaceFits(out.dtype(), self.dtype()))
    TypeErr(std::string("result type ") + rt::dtype_name(out.dtype()) + " can't be cast to the desired output type " +
            rt::dtype_name(self.dtype()) + " (in `" + name + "()`)");
  if (!(out.sizes() == self.sizes()))
    ValueErr("output with shape " + rt::dims_str(self.sizes()) + " doesn't match the broadcast shape " +
             rt::dims_str(out.sizes()) + " (in `" + name + "()`)");
  rt::copy_into(self, out);
  return a.pos[0];
}

Value IsFloatingPoint(Interp&, Args& a) { a.Check(1, {}); return Value::Bool(rt::is_floating(TensorOf(a.pos[0]).dtype())); }

std::unordered_map<int32_t, BuiltinFn>& Methods() {
  static std::unordered_map<int32_t, BuiltinFn> m = [] {
    std::unordered_map<int32_t, BuiltinFn> t;
    for (auto& [name, fn] : TensorFunctionTable()) t[Intern(name)] = fn;
    t[Intern("where")] = WhereMethod;  // the receiver is the input, not the condition
    t[Intern("size")] = Size;
    t[Intern("dim")] = Dim;
    t[Intern("to")] = To;
    // x.float(), x.int(), ...: the torch spellings of lang/semantics/dtypes.def
#define TCC_DTYPE_ALIAS(spelling, Name, how) \
    if (std::string_view(#how) == "Torch") t[Intern(spelling)] = Cast<sem::DType::Name>;
#include "semantics/dtypes.def"
    t[Intern("is_floating_point")] = IsFloatingPoint;
    t[Intern("type")] = To;
    for (const auto& a : sem::kBuiltinAliases)  // lang/semantics/builtin_aliases.def: the target's method
      if (auto it = t.find(Intern(a.target)); it != t.end()) t[Intern(a.name)] = it->second;
    for (const auto& m : sem::kInPlaceMethods)  // lang/semantics/inplace_methods.def
      if (t.count(Intern(m.target))) t[Intern(m.name)] = InPlaceOf;
    return t;
  }();
  return m;
}

}  // namespace

// Tensor methods written in TensorScript (`x.log10()`), registered by
// stdlib/torch.ts: __tensor_methods(name=fn, ...).
std::unordered_map<int32_t, Value>& ScriptMethods() {
  static auto* m = new std::unordered_map<int32_t, Value>;  // leaked on purpose: no destruction order
  return *m;
}

Value TensorMethodsFn(Interp&, Args& a) {
  if (a.npos) TypeErr("`__tensor_methods()` takes keywords: name=function");
  for (int32_t i = 0; i < a.nkw; ++i) ScriptMethods()[a.kwnames[i]] = a.kwvals[i];
  return Value::None();
}

std::vector<std::string> TensorMethodNames() {
  std::vector<std::string> r;
  for (const auto& [sym, fn] : Methods()) r.push_back(SymName(sym));
  return r;
}

Value TensorGetAttr(const Value& v, int32_t sym) {
  static const int32_t shape = Intern("shape"), dtype = Intern("dtype"), T = Intern("T"), ndim = Intern("ndim"),
                       mT = Intern("mT"), device = Intern("device"), is_cuda = Intern("is_cuda");
  if (sym == device) return MakeStr("cpu");
  if (sym == is_cuda) return Value::Bool(false);
  const rt::Tensor& t = TensorOf(v);
  if (sym == shape) return ShapeTuple(t);
  if (sym == dtype) return MakeDType(t.dtype());
  if (sym == T || sym == mT) {  // views: recorded as the builtins `T` / `mT` (autograd.h)
    Value r = MakeTensor(sym == T ? rt::t_T(t) : rt::transpose(t, -2, -1));
    Args a{&v, 1, nullptr, nullptr, 0, sym == T ? "T" : "mT"};
    RecordResult(a.fname, a, r);
    return r;
  }
  if (sym == ndim) return Value::Int(t.dim());
  auto& m = Methods();
  auto it = m.find(sym);
  if (it != m.end()) {
    auto* b = new BuiltinObj(SymName(sym).c_str(), it->second);
    Value r = Value::Obj(b);
    b->self = v;
    return r;
  }
  if (auto s = ScriptMethods().find(sym); s != ScriptMethods().end()) return Value::Obj(new BoundMethodObj(v, s->second));
  ThrowError(DiagKind::RtAttributeError, "`Tensor` object has no attribute `" + SymName(sym) + "`");
}

Value TensorCallMethod(Interp& in, int32_t sym, Args& args) {
  auto& m = Methods();
  auto it = m.find(sym);
  // a keyword Interp::Call rewrites (`generator=`, `keepdims=`): through it, as a bound builtin
  if (it != m.end() && (args.nkw == 0 || !HasCallKeywordHooks(args.kwnames, args.nkw))) {
    static std::unordered_map<int32_t, const sem::BuiltinInfo*> rows;  // by method name, looked up once
    auto row = rows.find(sym);
    if (row == rows.end()) row = rows.emplace(sym, BuiltinRowOf(SymName(sym))).first;
    args.CheckRow(row->second, true);
    return CallTaped(in, it->second, args);
  }
  Value attr = TensorGetAttr(args.pos[0], sym);  // a bound method, a property, or an AttributeError
  return in.Call(attr, args.pos + 1, args.npos - 1, args.kwnames, args.kwvals, args.nkw);
}

}  // namespace tcc::interp
