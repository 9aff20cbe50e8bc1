// Tests lang/semantics/pynum.h: TensorScript's Python numbers (exact ints of any size,
// CPython's float operators), which the interpreter computes with and the
// tracer folds with.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <tuple>

#include "semantics/pynum.h"

using namespace tcc::sem;

namespace {
int64_t I(PyOp op, int64_t a, int64_t b) {
  PyNumber r = PyIntBinary(op, a, b);
  REQUIRE(r.ok());
  REQUIRE(r.kind == PyNumber::Kind::Int);
  return r.i;
}
double F(PyOp op, double a, double b) {
  PyNumber r = PyFloatBinary(op, a, b);
  REQUIRE(r.ok());
  return r.f;
}
}  // namespace

TEST_CASE("Python ints are exact (no detour through double)") {
  const int64_t big = (int64_t(1) << 53) + 1;
  CHECK(I(PyOp::BitAnd, big, 1) == 1);            // (2**53 + 1) & 1
  CHECK(I(PyOp::BitOr, big, 2) == big + 2);
  CHECK(I(PyOp::BitXor, big, 3) == (big ^ 3));
  CHECK(I(PyOp::LShift, big, 2) == big * 4);
  CHECK(I(PyOp::Pow, 3, 39) == int64_t(4052555153018976267));  // 3**39 fits in int64
  CHECK(I(PyOp::Pow, -2, 63) == std::numeric_limits<int64_t>::min());  // fits exactly
  CHECK(I(PyOp::RShift, -8, 1) == -4);
  CHECK(I(PyOp::RShift, -8, 100) == -1);
  CHECK(I(PyOp::FloorDiv, -7, 2) == -4);
  CHECK(I(PyOp::Mod, -7, 2) == 1);
  CHECK(I(PyOp::Mod, 7, -2) == -1);
  CHECK(I(PyOp::Mod, std::numeric_limits<int64_t>::min(), -1) == 0);
  CHECK(I(PyOp::LShift, -1, 63) == std::numeric_limits<int64_t>::min());
  CHECK(I(PyOp::LShift, 0, 1000) == 0);
}

// The exact result of an int op as Python prints it.
std::string Exact(PyOp op, int64_t a, int64_t b) {
  PyNumber r = PyIntBinary(op, a, b);
  REQUIRE(r.ok());
  return r.is_big() ? r.big->ToString() : std::to_string(r.i);
}

TEST_CASE("Python ints never wrap: past 64 bits they are exact big ints") {
  const int64_t max = std::numeric_limits<int64_t>::max(), min = std::numeric_limits<int64_t>::min();
  CHECK(Exact(PyOp::Add, max, 1) == "9223372036854775808");
  CHECK(Exact(PyOp::Sub, min, 1) == "-9223372036854775809");
  CHECK(Exact(PyOp::Mul, max, max) == "85070591730234615847396907784232501249");
  CHECK(Exact(PyOp::Mul, min, -1) == "9223372036854775808");
  CHECK(Exact(PyOp::Pow, 2, 100) == "1267650600228229401496703205376");
  CHECK(Exact(PyOp::Pow, -3, 41) == "-36472996377170786403");
  CHECK(Exact(PyOp::LShift, 3, 62) == "13835058055282163712");
  CHECK(Exact(PyOp::FloorDiv, min, -1) == "9223372036854775808");
  CHECK(PyIntBinary(PyOp::Add, max, 1).is_big());
  // Results that fit are ints again, never a big int.
  PyNumber big = PyIntBinary(PyOp::Add, max, 1);
  PyNumber back = PyBinary(PyOp::Sub, big, PyNumber::Int(1));
  CHECK((back.kind == PyNumber::Kind::Int && back.i == max));
  CHECK(I(PyOp::Pow, 10, 18) == int64_t(1000000000000000000));
  CHECK(I(PyOp::Add, max, min) == -1);
  // Sizes Python would spend minutes on are an OverflowError.
  CHECK(PyIntBinary(PyOp::Pow, 3, int64_t(1) << 40).error == PyError::IntOverflow);
  CHECK(PyIntBinary(PyOp::LShift, 1, int64_t(1) << 40).error == PyError::IntOverflow);
  PyNumber wide = PyIntBinary(PyOp::LShift, 1, 40000);
  CHECK(wide.is_big());
  CHECK(PyBinary(PyOp::Mul, wide, wide).error == PyError::IntOverflow);  // 80,001 bits
  CHECK(PyBinary(PyOp::Mul, wide, PyNumber::Int(3)).is_big());
  CHECK(PyErrorClassOf(PyError::IntOverflow) == PyErrorClass::Overflow);
  CHECK(std::string(PyErrorClassName(PyErrorClass::Overflow)) == "OverflowError");
}

TEST_CASE("Big ints with floats, and floor division, modulo, shifts and bitwise ops as Python") {
  PyNumber a = PyIntBinary(PyOp::Pow, 2, 100), m = PyNumber::Big(-*PyIntBinary(PyOp::Pow, 2, 100).big);
  auto s = [](const PyNumber& n) { return n.is_big() ? n.big->ToString() : std::to_string(n.i); };
  CHECK(s(PyBinary(PyOp::FloorDiv, a, PyNumber::Int(3))) == "422550200076076467165567735125");
  CHECK(s(PyBinary(PyOp::FloorDiv, m, PyNumber::Int(3))) == "-422550200076076467165567735126");
  CHECK(s(PyBinary(PyOp::Mod, m, PyNumber::Int(7))) == "5");
  CHECK(s(PyBinary(PyOp::Mod, a, PyNumber::Int(-7))) == "-5");
  CHECK(s(PyBinary(PyOp::RShift, m, PyNumber::Int(70))) == "-1073741824");
  CHECK(s(PyBinary(PyOp::BitAnd, m, PyNumber::Int(0xFFFF))) == "0");
  CHECK(s(PyBinary(PyOp::BitXor, m, PyNumber::Int(-1))) == "1267650600228229401496703205375");
  CHECK(PyBinary(PyOp::Div, a, PyNumber::Int(3)).f == 4.2255020007607644e+29);
  CHECK(PyBinary(PyOp::Mul, a, PyNumber::Float(0.5)).f == 6.338253001141147e+29);
  PyNumber huge = PyIntBinary(PyOp::Pow, 10, 400);
  CHECK(PyBinary(PyOp::Add, huge, PyNumber::Float(1.0)).error == PyError::IntTooLargeForFloat);
  CHECK(PyBinary(PyOp::Div, huge, PyBinary(PyOp::Pow, PyNumber::Int(10), PyNumber::Int(399))).f == 10.0);
}

TEST_CASE("Python int errors and float results") {
  CHECK(PyIntBinary(PyOp::FloorDiv, 1, 0).error == PyError::IntFloorDivByZero);
  CHECK(PyIntBinary(PyOp::Mod, 1, 0).error == PyError::IntModByZero);
  CHECK(PyIntBinary(PyOp::Div, 1, 0).error == PyError::DivisionByZero);
  CHECK(PyIntBinary(PyOp::LShift, 1, -1).error == PyError::NegativeShift);
  CHECK(PyErrorClassOf(PyError::NegativeShift) == PyErrorClass::Value);
  CHECK(std::string(PyErrorMessage(PyError::IntFloorDivByZero)) == "integer division by zero");
  PyNumber r = PyIntBinary(PyOp::Pow, 2, -1);
  CHECK((r.is_float() && r.f == 0.5));
  CHECK(PyIntBinary(PyOp::Pow, 0, -1).error == PyError::ZeroToNegativePower);
  PyNumber d = PyIntBinary(PyOp::Div, 7, 2);
  CHECK((d.is_float() && d.f == 3.5));
}

TEST_CASE("Python floats follow CPython's divmod") {
  CHECK(F(PyOp::FloorDiv, 1.0, 0.1) == 9.0);
  CHECK(F(PyOp::Mod, 7.5, -2.0) == -0.5);
  CHECK(F(PyOp::FloorDiv, 7.5, -2.0) == -4.0);
  double z = F(PyOp::Mod, -0.0, 3.0);  // Python: 0.0 (tensors: -0.0)
  CHECK((z == 0.0 && !std::signbit(z)));
  CHECK(std::signbit(F(PyOp::Mod, 0.0, -4.0)));
  CHECK(F(PyOp::Mod, -5.0, INFINITY) == INFINITY);
  CHECK(PyFloatBinary(PyOp::Mod, 1.0, 0.0).error == PyError::FloatModByZero);
  CHECK(PyFloatBinary(PyOp::Pow, -8.0, 1.0 / 3).error == PyError::FractionalPowerOfNegative);
  CHECK(std::isnan(F(PyOp::Pow, -8.0, NAN)));
  CHECK(PyFloatBinary(PyOp::BitAnd, 1.0, 1.0).error == PyError::NotIntegers);
}

TEST_CASE("bool & bool stays bool, bool + bool is an int") {
  PyNumber t = PyNumber::Bool(true), f = PyNumber::Bool(false);
  CHECK(PyBinary(PyOp::BitAnd, t, f).kind == PyNumber::Kind::Bool);
  CHECK(PyBinary(PyOp::BitOr, t, f).i == 1);
  PyNumber s = PyBinary(PyOp::Add, t, t);
  CHECK((s.kind == PyNumber::Kind::Int && s.i == 2));
}
