// Implements the Python-level builtins: print, len, range, min, max, abs,
// sum, int, float, bool, str, list, tuple, dict, isinstance, enumerate, zip,
// round, argv. Those that also accept tensors (abs, min, max, sum, int,
// float, bool) hand tensors to the tensor builtins.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <optional>
#include <ostream>
#include <string_view>

#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/pynumber.h"
#include "interp/tensor_value.h"
#include "semantics/builtins.h"
#include "semantics/pymath.h"

namespace tcc::interp {

// Tensor builtins reused here (builtins_tensor.cpp).
Value TensorReduceBuiltin(Interp& in, Args& a, rt::ReduceOp op);
Value TensorMinMaxBuiltin(Interp& in, Args& a, bool is_max);
Value TensorUnaryBuiltin(Args& a, rt::UnaryOp op);

namespace {

Value Print(Interp& in, Args& a) {
  a.Check(1 << 30, {"sep", "end", "file"});
  const Value& sepv = a.Get(-1, "sep");
  const Value& endv = a.Get(-1, "end");
  std::string sep = sepv.is(OType::Str) ? sepv.as<StrObj>()->s : " ";
  std::string end = endv.is(OType::Str) ? endv.as<StrObj>()->s : "\n";
  std::string line;
  for (int32_t i = 0; i < a.npos; ++i) {
    if (i) line += sep;
    line += Str(a.pos[i]);
  }
  line += end;
  const Value& file = a.Get(-1, "file");
  if (!file.is_undef() && !file.is_none()) {  // file=sys.stderr, or any object with write()
    static const int32_t write = Intern("write");
    in.Call1(in.GetAttr(file, write), MakeStr(line));
    return Value::None();
  }
  in.out() << line;
  return Value::None();
}

Value LenFn(Interp&, Args& a) {
  a.Check(1, {});
  return Value::Int(Len(a.Need(0, "obj")));
}

Value RangeFn(Interp&, Args& a) {
  a.Check(3, {});
  if (a.npos == 0) ThrowError(DiagKind::RtArgumentError, "`range()` expects 1 to 3 arguments, got 0");
  for (int32_t i = 0; i < a.npos; ++i) {
    if (!a.pos[i].is_int() && !a.pos[i].is_bool()) {
      TypeErr("`range()` arguments must be integers, not `" + TypeName(a.pos[i]) + "`");
    }
  }
  int64_t start = 0, stop, step = 1;
  if (a.npos == 1) stop = a.pos[0].to_int();
  else { start = a.pos[0].to_int(); stop = a.pos[1].to_int(); }
  if (a.npos == 3) step = a.pos[2].to_int();
  if (step == 0) ValueErr("`range()` step must not be zero");
  return Value::Obj(new RangeObj(start, stop, step));
}

bool AnyTensor(const Args& a) {
  for (int32_t i = 0; i < a.npos; ++i) if (a.pos[i].is(OType::Tensor)) return true;
  return false;
}

Value MinMax(Interp& in, Args& a, bool is_max) {
  if (AnyTensor(a)) return TensorMinMaxBuiltin(in, a, is_max);
  a.Check(1 << 30, {});
  std::vector<Value> items;
  if (a.npos == 1) items = Materialize(a.pos[0]);
  else items.assign(a.pos, a.pos + a.npos);
  if (items.empty()) ValueErr(std::string("`") + a.fname + "()` of an empty sequence");
  Value best = items[0];
  for (size_t i = 1; i < items.size(); ++i) {
    bool better = Truthy(CompareOp(is_max ? ast::CmpOp::Gt : ast::CmpOp::Lt, items[i], best));
    if (better) best = items[i];
  }
  return best;
}
Value MaxFn(Interp& in, Args& a) { return MinMax(in, a, true); }
Value MinFn(Interp& in, Args& a) { return MinMax(in, a, false); }

Value AbsFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Need(0, "x");
  if (x.is(OType::Tensor)) return TensorUnaryBuiltin(a, rt::UnaryOp::Abs);
  if (x.is(OType::Instance)) return InstanceAbs(x);
  if (x.is_float()) return Value::Float(std::fabs(x.as_float()));
  if (IsPyInt(x)) {
    sem::PyNumber n = ToPyNumber(x);
    bool neg = n.is_big() ? n.big->neg() : n.i < 0;
    if (neg) return FromPyNumber(sem::PyIntNegate(n, false));
    return x.is_bool() ? Value::Int(n.i) : x;  // abs(True) is 1
  }
  TypeErr("`abs()` needs a number or a tensor, not `" + TypeName(x) + "`");
}

Value SumFn(Interp& in, Args& a) {
  if (a.npos >= 1 && a.pos[0].is(OType::Tensor)) return TensorReduceBuiltin(in, a, rt::ReduceOp::Sum);
  a.Check(2, {"start"});
  std::vector<Value> items = Materialize(a.Need(0, "iterable"));
  Value acc = a.Get(1, "start");
  if (acc.is_undef()) acc = Value::Int(0);
  for (auto& v : items) acc = BinaryOp(ast::BinOp::Add, acc, v);
  return acc;
}

Value IntFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Get(0, nullptr);
  if (x.is_undef()) return Value::Int(0);
  if (x.is_int() || x.is_bool()) return Value::Int(x.to_int());
  if (IsBigInt(x)) return x;
  auto of_float = [](double d) {
    sem::PyMathResult r = sem::PyFloatToInt(d);
    if (r.ok()) return FromPyNumber(r.value);
    if (std::isnan(d)) ValueErr(r.message);
    OverflowErr(r.message);
  };
  if (x.is_float()) return of_float(x.as_float());
  if (x.is(OType::Tensor)) {
    rt::Scalar s = TensorOf(x).item();
    return s.is_float() ? of_float(s.f) : Value::Int(s.to_int());
  }
  if (x.is(OType::Str)) {
    // As Python: blanks around, one sign, digits with single '_' between them.
    std::string_view s = x.as<StrObj>()->s;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    std::string digits;
    for (size_t i = 0; i < s.size(); ++i) {
      bool sep_ok = s[i] == '_' && i > 0 && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i - 1])) &&
                    std::isdigit(static_cast<unsigned char>(s[i + 1]));
      if (!sep_ok) digits += s[i];
    }
    std::optional<sem::BigInt> v = sem::BigInt::FromDigits(digits, 10);
    if (!v) ValueErr("invalid literal for `int()` with base 10: " + Repr(x));
    return FromPyNumber(sem::PyNumber::Big(std::move(*v)));
  }
  TypeErr("`int()` cannot convert a value of type `" + TypeName(x) + "`");
}

Value FloatFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Get(0, nullptr);
  if (x.is_undef()) return Value::Float(0);
  if (x.is_number()) return Value::Float(x.to_double());
  if (IsBigInt(x)) {
    double d = x.as<BigIntObj>()->v.ToDouble();
    if (std::isinf(d)) OverflowErr(sem::PyErrorMessage(sem::PyError::IntTooLargeForFloat));
    return Value::Float(d);
  }
  if (x.is(OType::Tensor)) return Value::Float(TensorOf(x).item().to_double());
  if (x.is(OType::Str)) {
    const std::string& s = x.as<StrObj>()->s;
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0') ValueErr("could not convert string to float: " + Repr(x));
    return Value::Float(v);
  }
  TypeErr("`float()` cannot convert a value of type `" + TypeName(x) + "`");
}

Value BoolFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Get(0, nullptr);
  return Value::Bool(!x.is_undef() && Truthy(x));
}

Value StrFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Get(0, nullptr);
  return MakeStr(x.is_undef() ? "" : Str(x));
}

Value ReprFn(Interp&, Args& a) {
  a.Check(1, {});
  return MakeStr(Repr(a.Need(0, "obj")));
}

Value FormatFn(Interp&, Args& a) {
  a.Check(2, {"value", "format_spec"});
  const Value& spec = a.Get(1, "format_spec");
  if (!spec.is_undef() && !spec.is(OType::Str)) TypeErr("format() needs a str format spec");
  return MakeStr(FormatWithSpec(a.Need(0, "value"), spec.is_undef() ? "" : Str(spec)));
}

// `#format(value, spec, conversion)`: an f-string field (compiler/parse/build_fstring.cpp).
Value FStringFieldFn(Interp&, Args& a) {
  a.Check(3, {});
  Value v = a.Need(0, "value");
  std::string conv = Str(a.Need(2, "conversion"));
  if (conv == "r") v = MakeStr(Repr(v));
  else if (conv == "s") v = MakeStr(Str(v));
  return MakeStr(FormatWithSpec(v, Str(a.Need(1, "format_spec"))));
}

Value ListFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Get(0, nullptr);
  return MakeList(x.is_undef() ? std::vector<Value>{} : Materialize(x));
}

Value TupleFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Get(0, nullptr);
  return MakeTuple(x.is_undef() ? std::vector<Value>{} : Materialize(x));
}

Value DictFn(Interp& in, Args& a) {
  if (a.npos > 1) ThrowError(DiagKind::RtArgumentError, "`dict()` takes at most 1 positional argument");
  Ref<DictObj> d(new DictObj());
  static const int32_t keys_sym = Intern("keys");
  if (a.npos == 1 && a.pos[0].is(OType::Dict)) {  // a copy
    d->items = a.pos[0].as<DictObj>()->items;
  } else if (a.npos == 1 && a.pos[0].is(OType::Instance) && a.pos[0].as<InstanceObj>()->cls->Lookup(keys_sym)) {
    // a mapping (Counter, defaultdict, a user class): its keys(), then obj[key]
    const Value& m = a.pos[0];
    for (auto& k : Materialize(in.Call(in.GetAttr(m, keys_sym), nullptr, 0, nullptr, nullptr, 0))) d->Set(k, GetItem(m, k));
  } else if (a.npos == 1) {
    for (auto& item : Materialize(a.pos[0])) {
      std::vector<Value> kv = Materialize(item);
      if (kv.size() != 2) ValueErr("`dict()` needs (key, value) pairs");
      d->Set(kv[0], kv[1]);
    }
  }
  for (int32_t k = 0; k < a.nkw; ++k) d->Set(MakeStr(SymName(a.kwnames[k])), a.kwvals[k]);
  return d.value();
}

Value SetFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& x = a.Get(0, nullptr);
  Ref<SetObj> s(new SetObj());
  if (!x.is_undef()) s->Assign(Materialize(x));
  return s.value();
}

// The builtin class of x, as isinstance tests it (lang/semantics/builtins.h).
std::optional<sem::PyClass> PyClassOf(const Value& x) {
  using P = sem::PyClass;
  if (x.is_bool()) return P::Bool;
  if (IsPyInt(x)) return P::Int;
  if (x.is_float()) return P::Float;
  static const std::pair<OType, P> kByType[] = {{OType::Str, P::Str},   {OType::List, P::List}, {OType::Tuple, P::Tuple},
                                                {OType::Dict, P::Dict}, {OType::Set, P::Set},   {OType::Tensor, P::Tensor}};
  for (const auto& [t, c] : kByType)
    if (x.is(t)) return c;
  return std::nullopt;
}

bool IsInstanceOf(const Value& x, const Value& cls) {
  if (cls.is(OType::Tuple)) {
    for (auto& c : cls.as<TupleObj>()->items) if (IsInstanceOf(x, c)) return true;
    return false;
  }
  if (cls.is(OType::Class)) {
    if (!x.is(OType::Instance)) return false;
    for (const ClassObj* c = x.as<InstanceObj>()->cls.get(); c; c = c->base.get()) {
      if (c == cls.obj()) return true;
    }
    return false;
  }
  if (cls.is(OType::Builtin)) {
    if (auto c = sem::PyClassNamed(cls.as<BuiltinObj>()->name)) {
      auto value = PyClassOf(x);
      return value && sem::PyIsInstance(*value, *c);
    }
  }
  TypeErr("`isinstance()` needs a class, a builtin type or a tuple of them as its second argument");
}

Value IsInstanceFn(Interp&, Args& a) {
  a.Check(2, {});
  return Value::Bool(IsInstanceOf(a.Need(0, "obj"), a.Need(1, "class")));
}

Value EnumerateFn(Interp&, Args& a) {
  a.Check(2, {"iterable", "start"});
  std::vector<Value> items = Materialize(a.Need(0, "iterable"));
  const Value& s = a.Get(1, "start");
  int64_t start = s.is_undef() ? 0 : IntArg(s, "start");
  std::vector<Value> out;
  for (size_t i = 0; i < items.size(); ++i) {
    out.push_back(MakeTuple({Value::Int(start + static_cast<int64_t>(i)), items[i]}));
  }
  return MakeList(std::move(out));
}

Value ZipFn(Interp&, Args& a) {
  a.Check(1 << 30, {});
  std::vector<std::vector<Value>> cols;
  size_t n = SIZE_MAX;
  for (int32_t i = 0; i < a.npos; ++i) {
    cols.push_back(Materialize(a.pos[i]));
    n = std::min(n, cols.back().size());
  }
  std::vector<Value> out;
  if (cols.empty()) n = 0;
  for (size_t r = 0; r < n; ++r) {
    std::vector<Value> row;
    for (auto& c : cols) row.push_back(c[r]);
    out.push_back(MakeTuple(std::move(row)));
  }
  return MakeList(std::move(out));
}

Value RoundFn(Interp&, Args& a) {
  a.Check(2, {"number", "ndigits"});
  const Value& x = a.Need(0, "number");
  const Value& nd = a.Get(1, "ndigits");
  if (!IsPyNumber(x)) TypeErr("`round()` needs a number, not `" + TypeName(x) + "`");
  if (nd.is_undef() || nd.is_none()) {
    if (IsBigInt(x)) return x;
    if (!x.is_float()) return Value::Int(x.to_int());
    sem::PyMathResult r = sem::PyFloatToInt(std::nearbyint(x.as_float()));  // ties to even, as Python
    if (!r.ok()) std::isnan(x.as_float()) ? ValueErr(r.message) : OverflowErr(r.message);
    return FromPyNumber(r.value);
  }
  int64_t digits = IntArg(nd, "ndigits");
  if (!x.is_float()) return x;
  double v = x.as_float();
  if (!std::isfinite(v)) return x;
  if (digits >= 0) {
    // As Python: the exact binary value rounded half-even to `digits` decimals
    // (printf is correctly rounded), so round(2.675, 2) is 2.67, not 2.68.
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::min<int64_t>(digits, 330)), v);
    return Value::Float(std::strtod(buf, nullptr));
  }
  double m = std::pow(10.0, static_cast<double>(-digits));
  return Value::Float(std::nearbyint(v / m) * m);
}

Value SortedFn(Interp& in, Args& a) {
  a.Check(1, {"iterable", "key", "reverse"});
  std::vector<Value> items = Materialize(a.Need(0, "iterable"));
  const Value& key = a.Get(-1, "key");
  const Value& rev = a.Get(-1, "reverse");
  bool reverse = !rev.is_undef() && Truthy(rev);
  // sort (key, index) pairs: stable, and the key function runs once per item, as in Python
  std::vector<std::pair<Value, size_t>> keyed;
  for (size_t i = 0; i < items.size(); ++i)
    keyed.emplace_back(key.is_undef() || key.is_none() ? items[i] : in.Call(key, &items[i], 1, nullptr, nullptr, 0), i);
  std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
    return Truthy(CompareOp(ast::CmpOp::Lt, reverse ? y.first : x.first, reverse ? x.first : y.first));
  });
  std::vector<Value> out;
  for (auto& [k, i] : keyed) out.push_back(items[i]);
  return MakeList(std::move(out));
}

Value ReversedFn(Interp&, Args& a) {
  a.Check(1, {});
  std::vector<Value> items = Materialize(a.Need(0, "sequence"));
  std::reverse(items.begin(), items.end());
  return MakeList(std::move(items));
}

Value AnyAll(Interp& in, Args& a, bool is_all) {
  if (a.npos >= 1 && a.pos[0].is(OType::Tensor)) return TensorReduceBuiltin(in, a, is_all ? rt::ReduceOp::All : rt::ReduceOp::Any);
  a.Check(1, {});
  for (auto& v : Materialize(a.Need(0, "iterable"))) {
    if (Truthy(v) != is_all) return Value::Bool(!is_all);
  }
  return Value::Bool(is_all);
}
Value AnyFn(Interp& in, Args& a) { return AnyAll(in, a, false); }
Value AllFn(Interp& in, Args& a) { return AnyAll(in, a, true); }

Value PowFn(Interp&, Args& a) {
  a.Check(2, {"base", "exp"});
  return BinaryOp(ast::BinOp::Pow, a.Need(0, "base"), a.Need(1, "exp"));
}

// super(): the base class of the running method's class, bound to its
// first parameter; super(C, obj): C's base class, bound to obj.
Value SuperFn(Interp& in, Args& a) {
  a.Check(2, {});
  if (a.npos == 2) {
    if (!a.pos[0].is(OType::Class)) TypeErr("`super()` argument 1 must be a class");
    return Value::Obj(new SuperObj(a.pos[0].as<ClassObj>()->base, a.pos[1]));
  }
  if (a.npos != 0) TypeErr("`super()` takes no arguments or two (a class and an object)");
  Frame* f = in.top();
  if (!f || !f->fn || !f->fn->owner || f->code->params.empty()) {
    TypeErr("`super()` is only available inside a method of a class");
  }
  Value self = f->slots[f->code->params[0].slot];
  if (self.is(OType::Cell)) { Value inner = self.as<CellObj>()->v; self = std::move(inner); }
  return Value::Obj(new SuperObj(f->fn->owner->base, std::move(self)));
}

// slice(stop), slice(start, stop[, step]): Python's slice object, as `a:b:c`
// makes; its items are checked where it is used (an index), as Python does.
Value SliceFn(Interp&, Args& a) {
  if (a.npos == 0 || a.npos > 3)
    TypeErr(std::string("slice expected at ") + (a.npos ? "most 3" : "least 1") + " argument" + (a.npos ? "s" : "") +
            ", got " + std::to_string(a.npos));
  a.Check(3, {});
  Ref<SliceObj> s(new SliceObj());
  s->lo = a.npos == 1 ? Value::None() : a.pos[0];
  s->hi = a.npos == 1 ? a.pos[0] : a.pos[1];
  s->step = a.npos == 3 ? a.pos[2] : Value::None();
  return s.value();
}

// sys.argv (stdlib/sys.ts): the program's path, then its arguments.
Value SysArgvFn(Interp& in, Args& a) {
  a.Check(0, {});
  std::vector<Value> out{MakeStr(in.program())};
  for (auto& s : in.argv()) out.push_back(MakeStr(s));
  return MakeList(std::move(out));
}

// sys.stderr.write(s) (stdlib/sys.ts): the diagnostics stream, after the
// program's output so far.
Value StderrWriteFn(Interp& in, Args& a) {
  a.Check(1, {});
  const Value& s = a.Need(0, "s");
  if (!s.is(OType::Str)) TypeErr("write() argument must be str, not " + TypeName(s));
  in.out().flush();
  in.err() << s.as<StrObj>()->s;
  in.err().flush();
  return Value::Int(int64_t(s.as<StrObj>()->s.size()));
}

// __runtime_value(v) (stdlib/argparse): v itself; the tracer takes it for a
// value known only at run time (what argparse parsed from sys.argv).
Value RuntimeValueFn(Interp&, Args& a) {
  a.Check(1, {});
  return a.Need(0, "value");
}

Value ArgvFn(Interp& in, Args& a) {
  a.Check(0, {});
  std::vector<Value> out;
  for (auto& s : in.argv()) out.push_back(MakeStr(s));
  return MakeList(std::move(out));
}

}  // namespace

void RegisterCoreBuiltins(BuiltinTable& t) {
  t.AddFn("print", Print);
  t.AddFn("len", LenFn);
  t.AddFn("range", RangeFn);
  t.AddFn("max", MaxFn);
  t.AddFn("min", MinFn);
  t.AddFn("abs", AbsFn);
  t.AddFn("sum", SumFn);
  t.AddFn("int", IntFn);
  t.AddFn("float", FloatFn);
  t.AddFn("bool", BoolFn);
  t.AddFn("str", StrFn);
  t.AddFn("repr", ReprFn);
  t.AddFn("format", FormatFn);
  t.AddFn("#format", FStringFieldFn);
  t.AddFn("list", ListFn);
  t.AddFn("set", SetFn);
  t.AddFn("#set", SetFn);  // set displays and comprehensions (compiler/parse/build_comprehension.cpp)
  t.AddFn("tuple", TupleFn);
  t.AddFn("dict", DictFn);
  t.AddFn("#dict", DictFn);  // dict comprehensions (compiler/parse/build_comprehension.cpp)
  t.AddFn("isinstance", IsInstanceFn);
  t.AddFn("enumerate", EnumerateFn);
  t.AddFn("zip", ZipFn);
  t.AddFn("round", RoundFn);
  t.AddFn("argv", ArgvFn);
  t.AddFn("__sys_argv", SysArgvFn);
  t.AddFn("__stderr_write", StderrWriteFn);
  t.AddFn("__runtime_value", RuntimeValueFn);
  t.AddFn("slice", SliceFn);
  t.AddFn("sorted", SortedFn);
  t.AddFn("reversed", ReversedFn);
  t.AddFn("any", AnyFn);
  t.AddFn("all", AllFn);
  t.AddFn("pow", PowFn);
  t.AddFn("super", SuperFn);
}

}  // namespace tcc::interp
