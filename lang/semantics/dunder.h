// Python's special ("dunder") method names of the operators, and the order in
// which Python tries them: `a + b` is `a.__add__(b)`, then, when that is
// missing or returns NotImplemented, `b.__radd__(a)`; `a += b` is
// `a.__iadd__(b)`, then `a + b`; `a < b` is `a.__lt__(b)`, then
// `b.__gt__(a)`; `==` with neither method is identity. The interpreter
// (runtime/interp/dunder.cpp) and the tracer (compiler/trace/trace_dunder.cpp)
// both dispatch user classes' operators by these names.
//
// The AST's operator enums are template parameters, so this library needs no
// AST (as lang/semantics/pynum.h).
#pragma once

#include <cstdint>

namespace tcc::sem {

struct BinaryDunder {
  const char* op;        // "__add__"
  const char* reflected; // "__radd__"
  const char* inplace;   // "__iadd__"
};

template <class BinOp>
constexpr BinaryDunder BinaryDunderOf(BinOp op) {
  switch (op) {
    case BinOp::Add: return {"__add__", "__radd__", "__iadd__"};
    case BinOp::Sub: return {"__sub__", "__rsub__", "__isub__"};
    case BinOp::Mul: return {"__mul__", "__rmul__", "__imul__"};
    case BinOp::Div: return {"__truediv__", "__rtruediv__", "__itruediv__"};
    case BinOp::FloorDiv: return {"__floordiv__", "__rfloordiv__", "__ifloordiv__"};
    case BinOp::Mod: return {"__mod__", "__rmod__", "__imod__"};
    case BinOp::Pow: return {"__pow__", "__rpow__", "__ipow__"};
    case BinOp::MatMul: return {"__matmul__", "__rmatmul__", "__imatmul__"};
    case BinOp::BitAnd: return {"__and__", "__rand__", "__iand__"};
    case BinOp::BitOr: return {"__or__", "__ror__", "__ior__"};
    case BinOp::BitXor: return {"__xor__", "__rxor__", "__ixor__"};
    case BinOp::LShift: return {"__lshift__", "__rlshift__", "__ilshift__"};
    case BinOp::RShift: return {"__rshift__", "__rrshift__", "__irshift__"};
  }
  return {"", "", ""};
}

struct CompareDunder {
  const char* op;        // "__lt__"
  const char* reflected; // "__gt__": what the right operand is asked
};

// The rich comparisons; {nullptr, nullptr} for is / is not / in / not in,
// which have no reflected form (`in` is the container's `__contains__`).
template <class CmpOp>
constexpr CompareDunder CompareDunderOf(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return {"__eq__", "__eq__"};
    case CmpOp::NotEq: return {"__ne__", "__ne__"};
    case CmpOp::Lt: return {"__lt__", "__gt__"};
    case CmpOp::LtE: return {"__le__", "__ge__"};
    case CmpOp::Gt: return {"__gt__", "__lt__"};
    case CmpOp::GtE: return {"__ge__", "__le__"};
    case CmpOp::Is: case CmpOp::IsNot: case CmpOp::In: case CmpOp::NotIn: return {nullptr, nullptr};
  }
  return {nullptr, nullptr};
}

// `-x`, `+x`, `~x`; nullptr for `not`, which is `__bool__` (then `__len__`).
template <class UnaryOp>
constexpr const char* UnaryDunderOf(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "__neg__";
    case UnaryOp::Pos: return "__pos__";
    case UnaryOp::Invert: return "__invert__";
    case UnaryOp::Not: return nullptr;
  }
  return nullptr;
}

}  // namespace tcc::sem
