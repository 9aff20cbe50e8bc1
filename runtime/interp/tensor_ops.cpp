// Implements the interpreter's operators on tensors: arithmetic and
// comparisons with tensors or Python numbers (weak scalars), truthiness,
// indexing and index assignment, len and row iteration.
#include "interp/autograd.h"
#include "interp/dunder.h"
#include "interp/interpreter.h"
#include "interp/pynumber.h"
#include "interp/tensor_value.h"

namespace tcc::interp {

namespace {

bool MapBinOp(ast::BinOp op, rt::BinaryOp* out) {
  switch (op) {
    case ast::BinOp::Add: *out = rt::BinaryOp::Add; return true;
    case ast::BinOp::Sub: *out = rt::BinaryOp::Sub; return true;
    case ast::BinOp::Mul: *out = rt::BinaryOp::Mul; return true;
    case ast::BinOp::Div: *out = rt::BinaryOp::Div; return true;
    case ast::BinOp::FloorDiv: *out = rt::BinaryOp::FloorDiv; return true;
    case ast::BinOp::Mod: *out = rt::BinaryOp::Mod; return true;
    case ast::BinOp::Pow: *out = rt::BinaryOp::Pow; return true;
    case ast::BinOp::BitAnd: *out = rt::BinaryOp::And; return true;
    case ast::BinOp::BitOr: *out = rt::BinaryOp::Or; return true;
    case ast::BinOp::BitXor: *out = rt::BinaryOp::Xor; return true;
    default: return false;
  }
}

rt::BinaryOp MapCmpOp(ast::CmpOp op) {
  switch (op) {
    case ast::CmpOp::Eq: return rt::BinaryOp::Eq;
    case ast::CmpOp::NotEq: return rt::BinaryOp::Ne;
    case ast::CmpOp::Lt: return rt::BinaryOp::Lt;
    case ast::CmpOp::LtE: return rt::BinaryOp::Le;
    case ast::CmpOp::Gt: return rt::BinaryOp::Gt;
    default: return rt::BinaryOp::Ge;
  }
}

// The builtin an arithmetic operator is, for autograd's tape (`x * y` is
// mul, `x *= y` mul_); `bitwise` for the others (their results never require grad).
struct OperatorBuiltin {
  const char* out;
  const char* inplace;
};
OperatorBuiltin BuiltinOf(ast::BinOp op) {
  switch (op) {
    case ast::BinOp::Add: return {"add", "add_"};
    case ast::BinOp::Sub: return {"sub", "sub_"};
    case ast::BinOp::Mul: return {"mul", "mul_"};
    case ast::BinOp::Div: return {"div", "div_"};
    case ast::BinOp::FloorDiv: return {"floor_divide", "floor_divide_"};
    case ast::BinOp::Mod: return {"remainder", "remainder_"};
    case ast::BinOp::Pow: return {"pow", "pow_"};
    case ast::BinOp::MatMul: return {"matmul", "matmul_"};
    default: return {"bitwise", "bitwise_"};
  }
}

Value Taped(const char* name, const Value& a, const Value& b, Value r) {
  Value pos[2] = {a, b};
  Args args{pos, 2, nullptr, nullptr, 0, name};
  RecordResult(name, args, r);
  return r;
}

Value ApplyBinary(rt::BinaryOp op, const Value& a, const Value& b, const char* spelling) {
  if (a.is(OType::Tensor) && b.is(OType::Tensor)) return MakeTensor(rt::binary(op, TensorOf(a), TensorOf(b)));
  if (a.is(OType::Tensor) && b.is_number()) return MakeTensor(rt::binary(op, TensorOf(a), ToScalar(b, "operand")));
  if (b.is(OType::Tensor) && a.is_number()) return MakeTensor(rt::binary(op, ToScalar(a, "operand"), TensorOf(b)));
  CheckNotBigTensorScalar(a);
  CheckNotBigTensorScalar(b);
  TypeErr(std::string("unsupported operand types for `") + spelling + "`: `" + TypeName(a) + "` and `" +
          TypeName(b) + "`");
}

void AddIndexItem(const Value& v, std::vector<rt::IndexItem>& items) {
  if (v.is_int()) { items.emplace_back(v.as_int()); return; }
  if (v.is_none()) { items.emplace_back(rt::NoneIndex{}); return; }
  if (v.is(OType::Ellipsis)) { items.emplace_back(rt::EllipsisIndex{}); return; }
  if (v.is(OType::Slice)) {
    auto* s = v.as<SliceObj>();
    rt::Slice sl;
    if (!s->lo.is_none()) sl.start = IntArg(s->lo, "a slice start");
    if (!s->hi.is_none()) sl.stop = IntArg(s->hi, "a slice stop");
    if (!s->step.is_none()) sl.step = IntArg(s->step, "a slice step");
    items.emplace_back(sl);
    return;
  }
  if (v.is(OType::Tensor)) { items.emplace_back(TensorOf(v)); return; }
  if (v.is(OType::List)) { items.emplace_back(rt::tensor_from(ValueToNested(v))); return; }
  if (v.is_bool()) TypeErr("a tensor cannot be indexed with a bool; use a bool tensor as a mask");
  TypeErr("a tensor index must be an int, a slice, None, `...`, a list or a tensor, not `" + TypeName(v) + "`");
}

std::vector<rt::IndexItem> IndexItems(const Value& idx) {
  std::vector<rt::IndexItem> items;
  if (idx.is(OType::Tuple)) {
    for (auto& v : idx.as<TupleObj>()->items) AddIndexItem(v, items);
  } else {
    AddIndexItem(idx, items);
  }
  return items;
}

}  // namespace

Value TensorBinary(ast::BinOp op, const Value& a, const Value& b) {
  if (op == ast::BinOp::MatMul) {
    if (!a.is(OType::Tensor) || !b.is(OType::Tensor)) {
      TypeErr("`@` needs two tensors, got `" + TypeName(a) + "` and `" + TypeName(b) + "`");
    }
    return Taped("matmul", a, b, MakeTensor(rt::matmul(TensorOf(a), TensorOf(b))));
  }
  rt::BinaryOp rop;
  if (!MapBinOp(op, &rop)) {
    TypeErr(std::string("`") + ast::BinOpSpelling(op) + "` is not supported on tensors");
  }
  return Taped(BuiltinOf(op).out, a, b, ApplyBinary(rop, a, b, ast::BinOpSpelling(op)));
}

Value AugmentedOp(ast::BinOp op, const Value& a, const Value& b) {
  if (a.is(OType::Instance)) return InstanceAugmented(op, a, b);
  if (a.is(OType::List) && op == ast::BinOp::Add && (b.is(OType::List) || b.is(OType::Tuple))) {
    // Python: `lst += seq` extends the list itself
    std::vector<Value> more = b.is(OType::List) ? b.as<ListObj>()->items : b.as<TupleObj>()->items;
    auto& items = a.as<ListObj>()->items;
    items.insert(items.end(), more.begin(), more.end());
    return a;
  }
  if (a.is(OType::Set) && b.is(OType::Set)) {
    // Python: `s |= t` (and &=, -=, ^=) changes the set itself
    if (auto sop = sem::SetOpOf(op)) { SetAugmented(*sop, a, b); return a; }
  }
  rt::BinaryOp rop;
  if (!a.is(OType::Tensor) || op == ast::BinOp::MatMul || !MapBinOp(op, &rop)) return BinaryOp(op, a, b);
  if (!b.is(OType::Tensor) && !b.is_number()) return BinaryOp(op, a, b);  // reports the bad operand types
  Value pos[2] = {a, b};
  Args args{pos, 2, nullptr, nullptr, 0, BuiltinOf(op).inplace};
  InPlaceSnapshot snapshot = SnapshotForInPlace(a, args);
  if (b.is(OType::Tensor)) rt::binary_inplace(rop, TensorOf(a), TensorOf(b));
  else rt::binary_inplace(rop, TensorOf(a), ToScalar(b, "operand"));
  RecordInPlace(args.fname, args, snapshot);
  return a;
}

Value TensorUnary(ast::UnaryOp op, const Value& a) {
  switch (op) {
    case ast::UnaryOp::Neg: {
      Value r = MakeTensor(rt::unary(rt::UnaryOp::Neg, TensorOf(a)));
      Args args{&a, 1, nullptr, nullptr, 0, "neg"};
      RecordResult("neg", args, r);
      return r;
    }
    case ast::UnaryOp::Pos: return a;
    case ast::UnaryOp::Invert: return MakeTensor(rt::unary(rt::UnaryOp::BitNot, TensorOf(a)));
    case ast::UnaryOp::Not: return Value::Bool(!TensorTruthy(a));
  }
  return a;
}

Value TensorCompare(ast::CmpOp op, const Value& a, const Value& b) {
  const Value& other = a.is(OType::Tensor) ? b : a;
  if (!other.is(OType::Tensor) && !other.is_number()) {
    if (op == ast::CmpOp::Eq) return Value::Bool(false);
    if (op == ast::CmpOp::NotEq) return Value::Bool(true);
  }
  return ApplyBinary(MapCmpOp(op), a, b, ast::CmpOpSpelling(op));
}

bool TensorTruthy(const Value& v) {
  const rt::Tensor& t = TensorOf(v);
  int64_t n = t.numel();
  if (n != 1) {
    ValueErr("the truth value of a tensor with " + std::to_string(n) + " elements is ambiguous",
             "reduce it first, e.g. `(x > 0).all()` or `(x > 0).any()`");
  }
  return t.item().to_bool();
}

Value TensorGetItem(const Value& t, const Value& index) {
  std::vector<rt::IndexItem> items = IndexItems(index);
  return Taped("__getitem__", t, index, MakeTensor(rt::index(TensorOf(t), items)));
}

void TensorSetItem(const Value& t, const Value& index, const Value& v) {
  std::vector<rt::IndexItem> items = IndexItems(index);
  Value pos[3] = {t, index, v};
  Args args{pos, 3, nullptr, nullptr, 0, "__setitem__"};
  InPlaceSnapshot snapshot = SnapshotForInPlace(t, args);
  if (v.is_number()) {
    rt::index_put(TensorOf(t), items, ToScalar(v, "the assigned value"));
  } else {
    rt::index_put(TensorOf(t), items, ToTensor(v, "the assigned value"));
  }
  RecordInPlace(args.fname, args, snapshot);
}

int64_t TensorLen(const Value& v) {
  const rt::Tensor& t = TensorOf(v);
  if (t.dim() == 0) TypeErr("len() of a 0-d tensor", "a 0-d tensor holds one number: use `.item()`");
  return t.size(0);
}

Value TensorRow(const Value& v, int64_t i) {
  rt::IndexItem item{i};
  return Taped("__getitem__", v, Value::Int(i), MakeTensor(rt::index(TensorOf(v), std::span<const rt::IndexItem>(&item, 1))));
}

}  // namespace tcc::interp
