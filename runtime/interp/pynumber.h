// Python numbers between the interpreter's Values and lang/semantics/pynum.h:
// an int is Value::Int while it fits 64 bits and a BigIntObj beyond (the
// semantics library's PyNumber::Big), so arithmetic is exact as Python's.
#pragma once

#include "interp/errors.h"
#include "interp/objects.h"
#include "semantics/pynum.h"

namespace tcc::interp {

inline bool IsBigInt(const Value& v) { return v.is(OType::BigInt); }
// An int, bool, float or big int.
inline bool IsPyNumber(const Value& v) { return v.is_number() || IsBigInt(v); }
// An int of any size, or a bool.
inline bool IsPyInt(const Value& v) { return v.is_int() || v.is_bool() || IsBigInt(v); }

inline sem::PyNumber ToPyNumber(const Value& v) {
  if (v.is_float()) return sem::PyNumber::Float(v.as_float());
  if (v.is_bool()) return sem::PyNumber::Bool(v.as_bool());
  if (IsBigInt(v)) return sem::PyNumber::Big(v.as<BigIntObj>()->v);
  return sem::PyNumber::Int(v.as_int());
}

inline Value FromPyNumber(const sem::PyNumber& n) {
  switch (n.kind) {
    case sem::PyNumber::Kind::Bool: return Value::Bool(n.i != 0);
    case sem::PyNumber::Kind::Int: return Value::Int(n.i);
    case sem::PyNumber::Kind::Float: return Value::Float(n.f);
    case sem::PyNumber::Kind::Big: return Value::Obj(new BigIntObj(*n.big));
  }
  return Value::None();
}

// A big int where a 64-bit int is needed (an index, a size, a tensor
// element): Python's OverflowError.
[[noreturn]] inline void BigIntTooLarge() { OverflowErr("Python int too large to convert to C long"); }
inline void CheckNotBigInt(const Value& v) {
  if (IsBigInt(v)) BigIntTooLarge();
}
// ... as a list, tuple or str index: Python's IndexError.
inline void CheckNotBigIndex(const Value& v) {
  if (IsBigInt(v)) ThrowError(DiagKind::RtIndexError, "cannot fit 'int' into an index-sized integer");
}
// ... as a tensor operand or element: torch's RuntimeError.
inline void CheckNotBigTensorScalar(const Value& v) {
  if (IsBigInt(v))
    ThrowError(DiagKind::RtDTypeError, "Overflow when unpacking long",
               "a tensor element is at most 64 bits; reduce the int (x % 2**63) or use a float");
}

}  // namespace tcc::interp
