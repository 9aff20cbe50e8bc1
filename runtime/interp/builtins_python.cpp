// Implements the Python builtins of issue 11: map, filter, divmod, min/max
// with key= and default=, list.sort(key=, reverse=), and the functions of
// the `math` module (stdlib/math.ts binds math.<name> to the builtin
// `__math_<name>`), computed by lang/semantics/pymath.h as the tracer folds them.
#include <algorithm>
#include <cmath>

#include "interp/interpreter.h"
#include "interp/pynumber.h"
#include "interp/tensor_value.h"
#include "semantics/pymath.h"
#include "semantics/strings.h"

namespace tcc::interp {

Value TensorMinMaxBuiltin(Interp& in, Args& a, bool is_max);  // builtins_tensor.cpp
Value StrFormatMethod(Interp& in, Args& a);                     // format_python.cpp
[[noreturn]] void ThrowPythonException(const char* cls, const std::string& message);  // exceptions.cpp

namespace {

// The run-time error of that class (exceptions.cpp's mapping), so that
// `except ValueError` and the error report see it as the interpreter's own.
[[noreturn]] void RaisePy(const char* cls, const std::string& msg) {
  for (DiagKind k : {DiagKind::RtTypeError, DiagKind::RtZeroDivision, DiagKind::RtValueError, DiagKind::RtOverflowError})
    if (std::string_view(PythonExceptionName(k)) == cls) ThrowError(k, msg);
  ThrowPythonException(cls, msg);
}

// A Python number argument of math.<fn>; a one-element tensor converts as
// Python's float()/index() of it does.
sem::PyNumber ToPy(const Value& v, const std::string& fn) {
  if (IsPyNumber(v)) return ToPyNumber(v);
  if (v.is(OType::Tensor)) {
    const rt::Tensor& t = TensorOf(v);
    if (t.numel() != 1) ValueErr("only one element tensors can be converted to Python scalars");
    rt::Scalar s = t.item();
    if (s.is_float()) return sem::PyNumber::Float(s.f);
    return sem::PyNumber::Int(s.to_int());
  }
  (void)fn;
  TypeErr("must be real number, not " + TypeName(v));
}

Value MathFn(Interp& in, Args& a) {
  std::string name = std::string(a.fname).substr(7);  // "__math_"
  std::string shown = "math." + name;
  const sem::PyMathRow* row = sem::FindPyMath(name);
  using enum sem::PyMathId;
  std::vector<sem::PyNumber> nums;
  if (row->id == prod) {  // Python's `*` on whatever the items are (tensors too)
    a.Check(1, {"start"});
    Value acc = a.Get(-1, "start");
    if (acc.is_undef()) acc = Value::Int(1);
    for (const Value& v : Materialize(a.Need(0, "iterable"))) acc = BinaryOp(ast::BinOp::Mul, acc, v);
    (void)in;
    return acc;
  }
  if (row->id == fsum) {
    a.Check(1, {});
    for (const Value& v : Materialize(a.Need(0, "iterable"))) nums.push_back(ToPy(v, shown));
  } else if (row->id == isclose) {
    a.Check(2, {"rel_tol", "abs_tol"});
    nums = {ToPy(a.Need(0, "a"), shown), ToPy(a.Need(1, "b"), shown)};
    const Value& rel = a.Get(-1, "rel_tol");
    const Value& abs_tol = a.Get(-1, "abs_tol");
    nums.push_back(rel.is_undef() ? sem::PyNumber::Float(1e-09) : ToPy(rel, shown));
    nums.push_back(abs_tol.is_undef() ? sem::PyNumber::Float(0.0) : ToPy(abs_tol, shown));
  } else {
    a.Check(1 << 30, {});
    if (a.npos < row->min_args || (row->max_args >= 0 && a.npos > row->max_args)) {
      std::string want = row->min_args == row->max_args ? std::to_string(row->min_args)
                                                         : std::to_string(row->min_args) + " to " + std::to_string(row->max_args);
      TypeErr("`" + shown + "()` takes " + want + " argument" + (row->max_args == 1 ? "" : "s") + " (" +
              std::to_string(a.npos) + " given)");
    }
    for (int32_t i = 0; i < a.npos; ++i) {
      if (row->id == perm && i == 1 && a.pos[i].is_none()) break;
      nums.push_back(ToPy(a.pos[i], shown));
    }
  }
  sem::PyMathResult r = sem::PyMath(name, nums);
  if (!r.ok()) RaisePy(r.error_class, r.message);
  return FromPyNumber(r.value);
}

Value MapFn(Interp& in, Args& a) {
  a.Check(1 << 30, {});
  if (a.npos < 2) TypeErr("`map()` must have at least two arguments");
  Value fn = a.pos[0];
  std::vector<std::vector<Value>> cols;
  size_t n = SIZE_MAX;
  for (int32_t i = 1; i < a.npos; ++i) {
    cols.push_back(Materialize(a.pos[i]));
    n = std::min(n, cols.back().size());
  }
  std::vector<Value> out;
  for (size_t r = 0; r < n; ++r) {
    std::vector<Value> row;
    for (auto& c : cols) row.push_back(c[r]);
    out.push_back(in.Call(fn, row.data(), static_cast<int32_t>(row.size()), nullptr, nullptr, 0));
  }
  return MakeList(std::move(out));
}

Value FilterFn(Interp& in, Args& a) {
  a.Check(2, {});
  Value fn = a.Need(0, "function");
  std::vector<Value> out;
  for (Value& v : Materialize(a.Need(1, "iterable"))) {
    bool keep = fn.is_none() ? Truthy(v) : Truthy(in.Call1(fn, v));
    if (keep) out.push_back(v);
  }
  return MakeList(std::move(out));
}

Value DivModFn(Interp&, Args& a) {
  a.Check(2, {});
  const Value& x = a.Need(0, "a");
  const Value& y = a.Need(1, "b");
  if (!IsPyNumber(x) || !IsPyNumber(y))  // tensors too: torch 1.13 has no __divmod__
    TypeErr("unsupported operand type(s) for divmod(): '" + TypeName(x) + "' and '" + TypeName(y) + "'");
  sem::PyDivModResult r = sem::PyDivModNumbers(ToPy(x, "divmod"), ToPy(y, "divmod"));
  if (r.message) ThrowError(DiagKind::RtZeroDivision, r.message);
  return MakeTuple({FromPyNumber(r.div), FromPyNumber(r.mod)});
}

Value OrdFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& c = a.Need(0, "c");
  if (!c.is(OType::Str)) TypeErr("ord() expected a string of length 1, but `" + TypeName(c) + "` found");
  auto cp = sem::StrOrd(c.as<StrObj>()->s);
  if (!cp) TypeErr("ord() expected a character, but a string of " + std::to_string(c.as<StrObj>()->s.size()) +
                   " bytes found");
  return Value::Int(*cp);
}

Value ChrFn(Interp&, Args& a) {
  a.Check(1, {});
  const Value& i = a.Need(0, "i");
  if (!i.is_int() && !i.is_bool()) TypeErr("`chr()` needs an int, not `" + TypeName(i) + "`");
  auto s = sem::StrChr(i.to_int());
  if (!s) ValueErr("chr() arg not in range(0x110000)");
  return MakeStr(*s);
}

bool AnyTensor(const Args& a) {
  for (int32_t i = 0; i < a.npos; ++i)
    if (a.pos[i].is(OType::Tensor)) return true;
  return false;
}

// min/max(iterable, *, key=None, default=...) | (a, b, *rest, key=None):
// the first item whose key is smallest / largest, as Python.
Value MinMax(Interp& in, Args& a, bool is_max) {
  if (AnyTensor(a)) return TensorMinMaxBuiltin(in, a, is_max);
  a.Check(1 << 30, {"key", "default"});
  const char* fname = is_max ? "max" : "min";
  if (a.npos == 0) TypeErr(std::string("`") + fname + "()` expected at least 1 argument, got 0");
  const Value& key = a.Get(-1, "key");
  const Value& dflt = a.Get(-1, "default");
  if (a.npos > 1 && !dflt.is_undef())
    TypeErr(std::string("Cannot specify a default for ") + fname + "() with multiple positional arguments");
  std::vector<Value> items;
  if (a.npos == 1) items = Materialize(a.pos[0]);
  else items.assign(a.pos, a.pos + a.npos);
  if (items.empty()) {
    if (!dflt.is_undef()) return dflt;
    ValueErr(std::string(fname) + "() arg is an empty sequence");
  }
  bool keyed = !key.is_undef() && !key.is_none();
  size_t best = 0;
  Value best_key = keyed ? in.Call1(key, items[0]) : items[0];
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = keyed ? in.Call1(key, items[i]) : items[i];
    if (Truthy(CompareOp(is_max ? ast::CmpOp::Gt : ast::CmpOp::Lt, k, best_key))) best = i, best_key = k;
  }
  return items[best];
}
Value PyMaxFn(Interp& in, Args& a) { return MinMax(in, a, true); }
Value PyMinFn(Interp& in, Args& a) { return MinMax(in, a, false); }

}  // namespace

// list.sort(*, key=None, reverse=False): stable, the key computed once per item.
Value ListSort(Interp& in, Args& a) {
  a.Check(1, {"key", "reverse"});
  auto& items = a.pos[0].as<ListObj>()->items;
  const Value& key = a.Get(-1, "key");
  const Value& rev = a.Get(-1, "reverse");
  bool reverse = !rev.is_undef() && Truthy(rev);
  bool keyed = !key.is_undef() && !key.is_none();
  std::vector<std::pair<Value, size_t>> keyed_items;
  for (size_t i = 0; i < items.size(); ++i) keyed_items.emplace_back(keyed ? in.Call1(key, items[i]) : items[i], i);
  std::stable_sort(keyed_items.begin(), keyed_items.end(), [&](const auto& x, const auto& y) {
    return Truthy(CompareOp(ast::CmpOp::Lt, reverse ? y.first : x.first, reverse ? x.first : y.first));
  });
  std::vector<Value> out;
  for (auto& [k, i] : keyed_items) out.push_back(items[i]);
  items = std::move(out);
  return Value::None();
}


void RegisterPythonBuiltins(BuiltinTable& t) {
  t.AddFn("map", MapFn);
  t.AddFn("filter", FilterFn);
  t.AddFn("divmod", DivModFn);
  t.AddFn("ord", OrdFn);
  t.AddFn("chr", ChrFn);
  t.AddFn("max", PyMaxFn);  // replaces builtins_core.cpp's: key= and default=
  t.AddFn("min", PyMinFn);
  static std::vector<std::string> names;
  if (names.empty())
    for (const auto& r : sem::kPyMath) names.push_back(std::string("__math_") + r.name);
  for (const auto& n : names) t.AddFn(n.c_str(), MathFn);
}

}  // namespace tcc::interp
