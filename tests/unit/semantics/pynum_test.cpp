// Tests semantics/pynum.h: TensorScript's Python numbers (exact int64 or OverflowError,
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

TEST_CASE("Python ints never wrap: past 64 bits is an OverflowError") {
  const int64_t max = std::numeric_limits<int64_t>::max(), min = std::numeric_limits<int64_t>::min();
  for (auto [op, a, b] : {std::tuple{PyOp::Add, max, int64_t(1)}, {PyOp::Sub, min, int64_t(1)},
                          {PyOp::Mul, max / 2 + 1, int64_t(2)}, {PyOp::Mul, min, int64_t(-1)},
                          {PyOp::Pow, int64_t(2), int64_t(63)}, {PyOp::Pow, int64_t(2), int64_t(100)},
                          {PyOp::Pow, int64_t(10), int64_t(19)}, {PyOp::LShift, int64_t(1), int64_t(63)},
                          {PyOp::LShift, int64_t(3), int64_t(62)}, {PyOp::FloorDiv, min, int64_t(-1)}}) {
    CAPTURE(static_cast<int>(op), a, b);
    PyNumber r = PyIntBinary(op, a, b);
    CHECK(r.error == PyError::IntOverflow);
  }
  CHECK(PyErrorClassOf(PyError::IntOverflow) == PyErrorClass::Overflow);
  CHECK(std::string(PyErrorClassName(PyErrorClass::Overflow)) == "OverflowError");
  CHECK(I(PyOp::Pow, 10, 18) == int64_t(1000000000000000000));
  CHECK(I(PyOp::Add, max, min) == -1);
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
