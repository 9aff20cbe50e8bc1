// The meaning of TensorScript's Python numbers: `int` is exact as Python's
// (an int64, and a BigInt where the result needs more bits; never a wrapped
// number), `float` is a double with CPython's operators, `bool` is an int in
// arithmetic. The interpreter
// computes with these functions and the tracer folds constants with them,
// so a program gives the same numbers compiled and eagerly.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>

#include "semantics/bigint.h"
#include "semantics/elementwise.h"

namespace tcc::sem {

// The binary operators on Python numbers.
enum class PyOp : uint8_t { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, BitAnd, BitOr, BitXor, LShift, RShift };

// The PyOp of the AST's binary operator (ast::BinOp, a template parameter so
// that this library needs no AST); nullopt for `@`, which numbers lack.
template <class BinOp>
constexpr std::optional<PyOp> PyOpOf(BinOp op) {
  switch (op) {
    case BinOp::Add: return PyOp::Add;
    case BinOp::Sub: return PyOp::Sub;
    case BinOp::Mul: return PyOp::Mul;
    case BinOp::Div: return PyOp::Div;
    case BinOp::FloorDiv: return PyOp::FloorDiv;
    case BinOp::Mod: return PyOp::Mod;
    case BinOp::Pow: return PyOp::Pow;
    case BinOp::BitAnd: return PyOp::BitAnd;
    case BinOp::BitOr: return PyOp::BitOr;
    case BinOp::BitXor: return PyOp::BitXor;
    case BinOp::LShift: return PyOp::LShift;
    case BinOp::RShift: return PyOp::RShift;
    case BinOp::MatMul: return std::nullopt;
  }
  return std::nullopt;
}

// Errors Python raises for them, with the interpreter's messages.
#define TCC_PY_ERRORS(X)                                                             \
  X(None, ZeroDivision, "")                                                          \
  X(DivisionByZero, ZeroDivision, "division by zero")                                \
  X(IntFloorDivByZero, ZeroDivision, "integer division by zero")                     \
  X(IntModByZero, ZeroDivision, "integer modulo by zero")                            \
  X(FloatDivByZero, ZeroDivision, "float division by zero")                          \
  X(FloatFloorDivByZero, ZeroDivision, "float floor division by zero")               \
  X(FloatModByZero, ZeroDivision, "float modulo by zero")                            \
  X(ZeroToNegativePower, ZeroDivision, "zero cannot be raised to a negative power")  \
  X(NegativeShift, Value, "negative shift count")                                    \
  X(FractionalPowerOfNegative, Value, "a negative number cannot be raised to a fractional power") \
  X(NotIntegers, Type, "bitwise operators and shifts need integers")                  \
  X(IntOverflow, Overflow, "int result too large to compute (more than 2**16 bits)")      \
  X(IntTooLargeForFloat, Overflow, "int too large to convert to float")

enum class PyError : uint8_t {
#define TCC_X(Name, cls, msg) Name,
  TCC_PY_ERRORS(TCC_X)
#undef TCC_X
};
enum class PyErrorClass : uint8_t { ZeroDivision, Value, Type, Overflow };

constexpr const char* PyErrorMessage(PyError e) {
  switch (e) {
#define TCC_X(Name, cls, msg) case PyError::Name: return msg;
    TCC_PY_ERRORS(TCC_X)
#undef TCC_X
  }
  return "";
}
constexpr PyErrorClass PyErrorClassOf(PyError e) {
  switch (e) {
#define TCC_X(Name, cls, msg) case PyError::Name: return PyErrorClass::cls;
    TCC_PY_ERRORS(TCC_X)
#undef TCC_X
  }
  return PyErrorClass::Value;
}
#undef TCC_PY_ERRORS
constexpr const char* PyErrorClassName(PyErrorClass c) {
  switch (c) {
    case PyErrorClass::ZeroDivision: return "ZeroDivisionError";
    case PyErrorClass::Value: return "ValueError";
    case PyErrorClass::Type: return "TypeError";
    case PyErrorClass::Overflow: return "OverflowError";
  }
  return "Exception";
}

// A Python number or the error computing it raised. An int beyond int64 is
// Kind::Big (never one that fits: Big() normalises).
struct PyNumber {
  enum class Kind : uint8_t { Bool, Int, Float, Big } kind = Kind::Int;
  int64_t i = 0;  // Bool and Int
  double f = 0;   // Float
  PyError error = PyError::None;
  std::shared_ptr<const BigInt> big;  // Big

  static PyNumber Int(int64_t v) { return {Kind::Int, v, 0, PyError::None, nullptr}; }
  static PyNumber Bool(bool v) { return {Kind::Bool, v ? 1 : 0, 0, PyError::None, nullptr}; }
  static PyNumber Float(double v) { return {Kind::Float, 0, v, PyError::None, nullptr}; }
  static PyNumber Error(PyError e) { return {Kind::Int, 0, 0, e, nullptr}; }
  static PyNumber Big(BigInt v) {
    if (auto small = v.ToInt64()) return Int(*small);
    return {Kind::Big, 0, 0, PyError::None, std::make_shared<const BigInt>(std::move(v))};
  }
  bool ok() const { return error == PyError::None; }
  bool is_float() const { return kind == Kind::Float; }
  bool is_big() const { return kind == Kind::Big; }
  // A Big's value may be an infinity here (PyBinary raises for it).
  double as_double() const { return is_float() ? f : is_big() ? big->ToDouble() : static_cast<double>(i); }
  BigInt as_big() const { return is_big() ? *big : BigInt(i); }
};

// CPython's float_divmod: the remainder takes the divisor's sign
// (0.0 % -4.0 is -0.0) and the quotient is corrected so that 1.0 // 0.1 is
// 9.0, not floor(1.0 / 0.1) = 10.0. Precondition: b != 0.
struct PyDivMod { double div, mod; };
inline PyDivMod PyFloatDivMod(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, b);
  }
  double floordiv;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, a / b);
  }
  return {floordiv, mod};
}

inline PyNumber PyFloatBinary(PyOp op, double a, double b) {
  using N = PyNumber;
  switch (op) {
    case PyOp::Add: return N::Float(a + b);
    case PyOp::Sub: return N::Float(a - b);
    case PyOp::Mul: return N::Float(a * b);
    case PyOp::Div: return b == 0 ? N::Error(PyError::FloatDivByZero) : N::Float(a / b);
    case PyOp::FloorDiv: return b == 0 ? N::Error(PyError::FloatFloorDivByZero) : N::Float(PyFloatDivMod(a, b).div);
    case PyOp::Mod: return b == 0 ? N::Error(PyError::FloatModByZero) : N::Float(PyFloatDivMod(a, b).mod);
    case PyOp::Pow:
      if (a == 0 && b < 0) return N::Error(PyError::ZeroToNegativePower);
      if (a < 0 && std::isfinite(b) && b != std::floor(b)) return N::Error(PyError::FractionalPowerOfNegative);
      return N::Float(std::pow(a, b));
    case PyOp::BitAnd: case PyOp::BitOr: case PyOp::BitXor: case PyOp::LShift: case PyOp::RShift:
      return N::Error(PyError::NotIntegers);
  }
  return N::Error(PyError::NotIntegers);
}

// Checked int64 arithmetic: nullopt where the exact result needs more bits.
inline std::optional<int64_t> CheckedPow(int64_t a, int64_t b) {  // b >= 0
  int64_t r = 1;
  while (true) {
    if ((b & 1) && __builtin_mul_overflow(r, a, &r)) return std::nullopt;
    b >>= 1;
    if (!b) return r;
    if (__builtin_mul_overflow(a, a, &a)) return std::nullopt;
  }
}
inline std::optional<int64_t> CheckedShiftLeft(int64_t a, int64_t b) {  // b >= 0
  if (a == 0) return 0;
  if (b >= 64) return std::nullopt;
  int64_t r = static_cast<int64_t>(static_cast<uint64_t>(a) << b);
  if ((r >> b) != a) return std::nullopt;
  return r;
}
inline PyNumber PyIntNeg(int64_t a) {
  return a == INT64_MIN ? PyNumber::Big(-BigInt(a)) : PyNumber::Int(-a);
}

// The largest int computed: 65,536 bits (about 10**19728). BigInt's
// schoolbook algorithms take well under a second up to it; the tracer folds
// constants with them while it builds, so a larger result (a squaring loop,
// `3 ** 10 ** 6`) is an OverflowError rather than a build that never ends.
inline constexpr uint64_t kMaxIntBits = uint64_t{1} << 16;

// Python's int operators on ints of any size (PyIntBinary's results that
// need more than 64 bits), up to kMaxIntBits.
inline PyNumber PyBigBinary(PyOp op, const BigInt& a, const BigInt& b) {
  using N = PyNumber;
  constexpr uint64_t kMaxBits = kMaxIntBits;
  auto shift_count = [&]() { return b.ToInt64().value_or(INT64_MAX); };
  switch (op) {
    case PyOp::Add: return N::Big(a + b);
    case PyOp::Sub: return N::Big(a - b);
    case PyOp::Mul:
      if (a.BitLength() + b.BitLength() > kMaxBits + 1) return N::Error(PyError::IntOverflow);
      return N::Big(a * b);
    case PyOp::Div: {
      if (b.is_zero()) return N::Error(PyError::DivisionByZero);
      double r = BigInt::TrueDivide(a, b);
      return std::isinf(r) ? N::Error(PyError::IntTooLargeForFloat) : N::Float(r);
    }
    case PyOp::FloorDiv: case PyOp::Mod: {
      if (b.is_zero()) return N::Error(op == PyOp::Mod ? PyError::IntModByZero : PyError::IntFloorDivByZero);
      BigInt q, r;
      BigInt::DivModFloor(a, b, &q, &r);
      return N::Big(op == PyOp::Mod ? r : q);
    }
    case PyOp::Pow: {
      if (b.neg()) {
        if (a.is_zero()) return N::Error(PyError::ZeroToNegativePower);
        double base = a.ToDouble();
        return std::isinf(base) ? N::Error(PyError::IntTooLargeForFloat) : N::Float(std::pow(base, b.ToDouble()));
      }
      if (a.BitLength() <= 1) {  // 0, 1 and -1 to any power
        bool odd = !BigInt::Bitwise('&', b, BigInt(1)).is_zero();
        return N::Big(a.is_zero() ? BigInt(b.is_zero() ? 1 : 0) : a.neg() && odd ? BigInt(-1) : BigInt(1));
      }
      int64_t e = shift_count();
      if (static_cast<uint64_t>(e) > kMaxBits / a.BitLength()) return N::Error(PyError::IntOverflow);
      return N::Big(a.Pow(static_cast<uint64_t>(e)));
    }
    case PyOp::BitAnd: return N::Big(BigInt::Bitwise('&', a, b));
    case PyOp::BitOr: return N::Big(BigInt::Bitwise('|', a, b));
    case PyOp::BitXor: return N::Big(BigInt::Bitwise('^', a, b));
    case PyOp::LShift: {
      if (b.neg()) return N::Error(PyError::NegativeShift);
      if (a.is_zero()) return N::Int(0);
      int64_t n = shift_count();
      if (static_cast<uint64_t>(n) > kMaxBits) return N::Error(PyError::IntOverflow);
      return N::Big(a.Shl(static_cast<uint64_t>(n)));
    }
    case PyOp::RShift:
      if (b.neg()) return N::Error(PyError::NegativeShift);
      return N::Big(a.ShrFloor(static_cast<uint64_t>(shift_count())));
  }
  return N::Error(PyError::NotIntegers);
}

// Both operands ints (or bools, as ints; bool op bool for & | ^ stays bool).
inline PyNumber PyIntBinary(PyOp op, int64_t a, int64_t b) {
  using N = PyNumber;
  int64_t r = 0;
  auto big = [&]() { return PyBigBinary(op, BigInt(a), BigInt(b)); };  // the exact result needs more bits
  switch (op) {
    case PyOp::Add: return __builtin_add_overflow(a, b, &r) ? big() : N::Int(r);
    case PyOp::Sub: return __builtin_sub_overflow(a, b, &r) ? big() : N::Int(r);
    case PyOp::Mul: return __builtin_mul_overflow(a, b, &r) ? big() : N::Int(r);
    case PyOp::Div:
      if (b == 0) return N::Error(PyError::DivisionByZero);
      return N::Float(static_cast<double>(a) / static_cast<double>(b));
    case PyOp::FloorDiv:
      if (b == 0) return N::Error(PyError::IntFloorDivByZero);
      return b == -1 ? PyIntNeg(a) : N::Int(FloorDiv(a, b));
    case PyOp::Mod: return b == 0 ? N::Error(PyError::IntModByZero) : N::Int(Remainder(a, b));
    case PyOp::Pow:
      if (b < 0) {
        if (a == 0) return N::Error(PyError::ZeroToNegativePower);
        return N::Float(std::pow(static_cast<double>(a), static_cast<double>(b)));
      }
      if (auto p = CheckedPow(a, b)) return N::Int(*p);
      return big();
    case PyOp::BitAnd: return N::Int(a & b);
    case PyOp::BitOr: return N::Int(a | b);
    case PyOp::BitXor: return N::Int(a ^ b);
    case PyOp::LShift:
      if (b < 0) return N::Error(PyError::NegativeShift);
      if (auto p = CheckedShiftLeft(a, b)) return N::Int(*p);
      return big();
    case PyOp::RShift:
      if (b < 0) return N::Error(PyError::NegativeShift);
      return N::Int(b >= 64 ? (a < 0 ? -1 : 0) : a >> b);
  }
  return N::Error(PyError::NotIntegers);
}

// Any two Python numbers.
inline PyNumber PyBinary(PyOp op, const PyNumber& a, const PyNumber& b) {
  if (a.is_float() || b.is_float()) {
    double x = a.as_double(), y = b.as_double();
    if ((a.is_big() && std::isinf(x)) || (b.is_big() && std::isinf(y))) return PyNumber::Error(PyError::IntTooLargeForFloat);
    return PyFloatBinary(op, x, y);
  }
  if (a.is_big() || b.is_big()) return PyBigBinary(op, a.as_big(), b.as_big());
  if (a.kind == PyNumber::Kind::Bool && b.kind == PyNumber::Kind::Bool &&
      (op == PyOp::BitAnd || op == PyOp::BitOr || op == PyOp::BitXor)) {
    PyNumber r = PyIntBinary(op, a.i, b.i);
    return PyNumber::Bool(r.i != 0);
  }
  return PyIntBinary(op, a.i, b.i);
}

// -a, or ~a (-a - 1) when `invert`, of an int of any size or a bool.
inline PyNumber PyIntNegate(const PyNumber& a, bool invert) {
  return PyBinary(PyOp::Sub, PyNumber::Int(invert ? -1 : 0), a);
}

}  // namespace tcc::sem
