// Implements Python semantics for operators on non-tensor values: int/float
// arithmetic (floor division and modulo as Python), comparisons, truthiness,
// container concatenation and repetition. Any tensor operand is handed to
// tensor_ops.cpp; indexing is in ops_index.cpp.
#include <algorithm>
#include <cmath>

#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/pynumber.h"
#include "interp/tensor_value.h"
#include "semantics/pynum.h"

namespace tcc::interp {

using ast::BinOp;
using ast::CmpOp;

namespace {

[[noreturn]] void ZeroDiv(const char* what) { ThrowError(DiagKind::RtZeroDivision, what); }

[[noreturn]] void BadOperands(BinOp op, const Value& a, const Value& b) {
  TypeErr(std::string("unsupported operand types for `") + ast::BinOpSpelling(op) + "`: `" + TypeName(a) +
          "` and `" + TypeName(b) + "`");
}

// A Python number computed by the semantics library (lang/semantics/pynum.h, as
// the tracer folds constants), or the error it raises.
Value NumberOp(BinOp op, const Value& a, const Value& b) {
  auto pop = sem::PyOpOf(op);
  if (!pop) BadOperands(op, a, b);
  sem::PyNumber r = sem::PyBinary(*pop, ToPyNumber(a), ToPyNumber(b));
  if (!r.ok()) {
    const char* msg = sem::PyErrorMessage(r.error);
    switch (sem::PyErrorClassOf(r.error)) {
      case sem::PyErrorClass::ZeroDivision: ZeroDiv(msg);
      case sem::PyErrorClass::Value: ValueErr(msg);
      case sem::PyErrorClass::Type: BadOperands(op, a, b);
      case sem::PyErrorClass::Overflow: OverflowErr(msg);
    }
  }
  return FromPyNumber(r);
}

template <typename Seq>
Value Concat(const Value& a, const Value& b) {
  std::vector<Value> items = a.as<Seq>()->items;
  for (auto& v : b.as<Seq>()->items) items.push_back(v);
  return Value::Obj(new Seq(std::move(items)));
}

template <typename Seq>
Value Repeat(const Value& seq, int64_t n) {
  std::vector<Value> items;
  for (int64_t i = 0; i < n; ++i) for (auto& v : seq.as<Seq>()->items) items.push_back(v);
  return Value::Obj(new Seq(std::move(items)));
}

bool SeqLess(const std::vector<Value>& a, const std::vector<Value>& b);

// Numbers where one is a big int: exactly between ints, through the float
// value (an infinity past DBL_MAX) with a float. -1, 0 or 1.
int CompareBig(const Value& a, const Value& b) {
  sem::PyNumber x = ToPyNumber(a), y = ToPyNumber(b);
  if (x.is_float() || y.is_float()) {
    double u = x.as_double(), v = y.as_double();
    return u < v ? -1 : u > v ? 1 : 0;
  }
  return Compare(x.as_big(), y.as_big());
}

bool Less(const Value& a, const Value& b) {
  if ((IsBigInt(a) || IsBigInt(b)) && IsPyNumber(a) && IsPyNumber(b)) return CompareBig(a, b) < 0;
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.to_double() < b.to_double();
    return a.to_int() < b.to_int();
  }
  if (a.is(OType::Str) && b.is(OType::Str)) return a.as<StrObj>()->s < b.as<StrObj>()->s;
  if (a.is(OType::List) && b.is(OType::List)) return SeqLess(a.as<ListObj>()->items, b.as<ListObj>()->items);
  if (a.is(OType::Tuple) && b.is(OType::Tuple)) return SeqLess(a.as<TupleObj>()->items, b.as<TupleObj>()->items);
  TypeErr("`<` is not supported between `" + TypeName(a) + "` and `" + TypeName(b) + "`");
}

bool SeqLess(const std::vector<Value>& a, const std::vector<Value>& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (!ValuesEqual(a[i], b[i])) return Less(a[i], b[i]);
  }
  return a.size() < b.size();
}

bool Identical(const Value& a, const Value& b) {
  if (a.tag() != b.tag()) return false;
  switch (a.tag()) {
    case Tag::Undef: case Tag::None: return true;
    case Tag::Bool: return a.as_bool() == b.as_bool();
    case Tag::Int: return a.as_int() == b.as_int();
    case Tag::Float: return a.as_float() == b.as_float();
    case Tag::Obj: return a.obj() == b.obj();
  }
  return false;
}

bool Contains(const Value& container, const Value& item) {
  if (IsObjectIterable(container)) return InstanceContains(container, item);
  if (container.is(OType::List)) {
    for (auto& v : container.as<ListObj>()->items) if (ValuesEqual(v, item)) return true;
    return false;
  }
  if (container.is(OType::Tuple)) {
    for (auto& v : container.as<TupleObj>()->items) if (ValuesEqual(v, item)) return true;
    return false;
  }
  if (container.is(OType::Dict)) return container.as<DictObj>()->Find(item) >= 0;
  if (container.is(OType::Set)) return container.as<SetObj>()->Has(item);
  if (container.is(OType::Str) && item.is(OType::Str)) {
    return container.as<StrObj>()->s.find(item.as<StrObj>()->s) != std::string::npos;
  }
  if (container.is(OType::Range) && item.is_number()) {
    auto* r = container.as<RangeObj>();
    int64_t x = item.to_int();
    if (item.is_float() && item.as_float() != static_cast<double>(x)) return false;
    int64_t n = r->size();
    if (n == 0) return false;
    int64_t k = (x - r->start);
    return k % r->step == 0 && k / r->step >= 0 && k / r->step < n;
  }
  TypeErr("`in` needs a list, tuple, dict, set, str or range on its right, not `" + TypeName(container) + "`");
}

}  // namespace

bool Truthy(const Value& v) {
  switch (v.tag()) {
    case Tag::Undef: case Tag::None: return false;
    case Tag::Bool: return v.as_bool();
    case Tag::Int: return v.as_int() != 0;
    case Tag::Float: return v.as_float() != 0;
    case Tag::Obj: break;
  }
  switch (v.obj()->type) {
    case OType::Instance: return InstanceTruthy(v);
    case OType::Str: return !v.as<StrObj>()->s.empty();
    case OType::List: return !v.as<ListObj>()->items.empty();
    case OType::Tuple: return !v.as<TupleObj>()->items.empty();
    case OType::Dict: return !v.as<DictObj>()->items.empty();
    case OType::Set: return !v.as<SetObj>()->items().empty();
    case OType::Range: return v.as<RangeObj>()->size() > 0;
    case OType::BigInt: return true;  // never zero
    case OType::Tensor: return TensorTruthy(v);
    case OType::Function: case OType::Builtin: case OType::Class: case OType::BoundMethod: case OType::Module:
    case OType::Slice: case OType::Ellipsis: case OType::DType: case OType::Cell: case OType::Native:
    case OType::Super: case OType::Special:
      return true;
  }
  return true;
}

Value PercentFormat(const Value& fmt, const Value& args);  // format_python.cpp

Value BinaryOp(BinOp op, const Value& a, const Value& b) {
  if (IsPyNumber(a) && IsPyNumber(b)) return NumberOp(op, a, b);
  if (op == BinOp::Mod && a.is(OType::Str)) return PercentFormat(a, b);  // format_python.cpp
  if (a.is(OType::Instance) || b.is(OType::Instance)) return InstanceBinary(op, a, b);
  if (a.is(OType::Tensor) || b.is(OType::Tensor)) return TensorBinary(op, a, b);
  if (a.is(OType::Set) && b.is(OType::Set)) {
    if (auto sop = sem::SetOpOf(op)) return SetBinary(*sop, a, b);
  }
  if (op == BinOp::Add) {
    if (a.is(OType::Str) && b.is(OType::Str)) return MakeStr(a.as<StrObj>()->s + b.as<StrObj>()->s);
    if (a.is(OType::List) && b.is(OType::List)) return Concat<ListObj>(a, b);
    if (a.is(OType::Tuple) && b.is(OType::Tuple)) {
      Value r = Concat<TupleObj>(a, b);
      if (IsSize(a)) r.as<TupleObj>()->name = kTorchSize;  // Size + tuple is a Size; tuple + Size a tuple
      return r;
    }
    if (a.is(OType::Str) || b.is(OType::Str)) {
      TypeErr("cannot add `" + TypeName(a) + "` and `" + TypeName(b) + "`", "convert with `str(x)` first");
    }
  }
  if (op == BinOp::Mul) {
    const Value* seq = a.is_int() ? &b : &a;
    const Value* n = a.is_int() ? &a : &b;
    if (n->is_int() && (seq->is(OType::List) || seq->is(OType::Tuple) || seq->is(OType::Str))) {
      if (n->as_int() > 0 && static_cast<double>(n->as_int()) * static_cast<double>(Len(*seq)) > 1e9) {
        ValueErr("the repeated sequence would have more than 10^9 items");
      }
      if (seq->is(OType::List)) return Repeat<ListObj>(*seq, n->as_int());
      if (seq->is(OType::Tuple)) {
        Value r = Repeat<TupleObj>(*seq, n->as_int());
        if (IsSize(*seq)) r.as<TupleObj>()->name = kTorchSize;
        return r;
      }
      if (seq->is(OType::Str)) {
        std::string s;
        for (int64_t i = 0; i < n->as_int(); ++i) s += seq->as<StrObj>()->s;
        return MakeStr(std::move(s));
      }
    }
  }
  BadOperands(op, a, b);
}

Value UnaryOp(ast::UnaryOp op, const Value& a) {
  if (op == ast::UnaryOp::Not) return Value::Bool(!Truthy(a));
  if (a.is(OType::Instance)) return InstanceUnary(op, a);
  if (a.is(OType::Tensor)) return TensorUnary(op, a);
  switch (op) {
    case ast::UnaryOp::Neg:
      if (a.is_float()) return Value::Float(-a.as_float());
      if (IsPyInt(a)) return FromPyNumber(sem::PyIntNegate(ToPyNumber(a), false));
      break;
    case ast::UnaryOp::Pos:
      if (a.is_float() || IsBigInt(a)) return a;
      if (a.is_int() || a.is_bool()) return Value::Int(a.to_int());
      break;
    case ast::UnaryOp::Invert:  // ~a is -a - 1
      if (IsPyInt(a)) return FromPyNumber(sem::PyIntNegate(ToPyNumber(a), true));
      break;
    case ast::UnaryOp::Not: break;
  }
  TypeErr(std::string("bad operand type for unary `") + (op == ast::UnaryOp::Neg ? "-" : op == ast::UnaryOp::Pos ? "+" : "~") +
          "`: `" + TypeName(a) + "`");
}

bool ValuesEqual(const Value& a, const Value& b) {
  if ((IsBigInt(a) || IsBigInt(b)) && IsPyNumber(a) && IsPyNumber(b)) return CompareBig(a, b) == 0;
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.to_double() == b.to_double();
    return a.to_int() == b.to_int();
  }
  if (a.is(OType::Instance) || b.is(OType::Instance)) return InstanceEquals(a, b);
  if (a.tag() != b.tag()) return false;
  if (!a.is_obj()) return true;  // None == None
  if (a.obj() == b.obj()) return true;
  if (a.obj()->type != b.obj()->type) return false;
  auto seq_eq = [](const std::vector<Value>& x, const std::vector<Value>& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) if (!ValuesEqual(x[i], y[i])) return false;
    return true;
  };
  switch (a.obj()->type) {
    case OType::Str: return a.as<StrObj>()->s == b.as<StrObj>()->s;
    case OType::List: return seq_eq(a.as<ListObj>()->items, b.as<ListObj>()->items);
    case OType::Tuple: return seq_eq(a.as<TupleObj>()->items, b.as<TupleObj>()->items);
    case OType::DType: return a.as<DTypeObj>()->dtype == b.as<DTypeObj>()->dtype;
    case OType::Dict: {
      auto* x = a.as<DictObj>();
      auto* y = b.as<DictObj>();
      if (x->items.size() != y->items.size()) return false;
      for (auto& [k, v] : x->items) {
        int64_t j = y->Find(k);
        if (j < 0 || !ValuesEqual(v, y->items[j].second)) return false;
      }
      return true;
    }
    case OType::Set: {
      const auto& x = a.as<SetObj>()->items();
      if (x.size() != b.as<SetObj>()->items().size()) return false;
      for (const Value& v : x) if (!b.as<SetObj>()->Has(v)) return false;
      return true;
    }
    case OType::BoundMethod:
      return a.as<BoundMethodObj>()->self.obj() == b.as<BoundMethodObj>()->self.obj() &&
             ValuesEqual(a.as<BoundMethodObj>()->func, b.as<BoundMethodObj>()->func);
    default: return false;
  }
}

Value CompareOp(CmpOp op, const Value& a, const Value& b) {
  switch (op) {
    case CmpOp::Is: return Value::Bool(Identical(a, b));
    case CmpOp::IsNot: return Value::Bool(!Identical(a, b));
    case CmpOp::In: return Value::Bool(Contains(b, a));
    case CmpOp::NotIn: return Value::Bool(!Contains(b, a));
    default: break;
  }
  if (a.is(OType::Instance) || b.is(OType::Instance)) return InstanceCompare(op, a, b);
  if (a.is(OType::Tensor) || b.is(OType::Tensor)) return TensorCompare(op, a, b);
  if (a.is(OType::Set) && b.is(OType::Set)) {  // subset order
    switch (op) {
      case CmpOp::LtE: return Value::Bool(SetLessEqual(a, b));
      case CmpOp::GtE: return Value::Bool(SetLessEqual(b, a));
      case CmpOp::Lt: return Value::Bool(Len(a) < Len(b) && SetLessEqual(a, b));
      case CmpOp::Gt: return Value::Bool(Len(b) < Len(a) && SetLessEqual(b, a));
      case CmpOp::Eq: case CmpOp::NotEq: case CmpOp::Is: case CmpOp::IsNot: case CmpOp::In: case CmpOp::NotIn: break;
    }
  }
  switch (op) {
    case CmpOp::Eq: return Value::Bool(ValuesEqual(a, b));
    case CmpOp::NotEq: return Value::Bool(!ValuesEqual(a, b));
    case CmpOp::Lt: return Value::Bool(Less(a, b));
    case CmpOp::Gt: return Value::Bool(Less(b, a));
    case CmpOp::LtE: return Value::Bool(!Less(b, a));
    case CmpOp::GtE: return Value::Bool(!Less(a, b));
    default: return Value::Bool(false);
  }
}

}  // namespace tcc::interp
