// Tests lang/semantics/pymath.h: Python's math module and divmod on Python
// numbers, which the interpreter computes with and the tracer folds with.
// Expected values are CPython 3.11's (printed with repr()).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "semantics/pymath.h"

using namespace tcc::sem;

namespace {
PyNumber Fl(double d) { return PyNumber::Float(d); }
PyNumber In(int64_t i) { return PyNumber::Int(i); }
PyMathResult M(const char* name, std::vector<PyNumber> a) { return PyMath(name, a); }
double MF(const char* name, std::vector<PyNumber> a) {
  PyMathResult r = M(name, std::move(a));
  INFO(name << ": " << (r.message ? r.message : ""));
  REQUIRE(r.ok());
  REQUIRE(r.value.is_float());
  return r.value.f;
}
int64_t MI(const char* name, std::vector<PyNumber> a) {
  PyMathResult r = M(name, std::move(a));
  INFO(name << ": " << (r.message ? r.message : ""));
  REQUIRE(r.ok());
  REQUIRE(!r.value.is_float());
  return r.value.i;
}
std::string Err(const char* name, std::vector<PyNumber> a) {
  PyMathResult r = M(name, std::move(a));
  REQUIRE(!r.ok());
  return std::string(r.error_class) + ": " + r.message;
}
}  // namespace

TEST_CASE("every row of pymath.def is a function PyMath knows") {
  for (const auto& row : kPyMath) {
    INFO(row.name);
    std::vector<PyNumber> args(row.min_args > 0 ? row.min_args : 1, In(1));
    if (std::string(row.name) == "prod") continue;  // the callers multiply (tensors too)
    PyMathResult r = PyMath(row.name, args);
    CHECK((r.ok() || std::string(r.message) != "not a function of the math module"));
  }
  CHECK(FindPyMath("sqrt") != nullptr);
  CHECK(FindPyMath("nosuch") == nullptr);
}

TEST_CASE("float functions give CPython's values") {
  CHECK(MF("sqrt", {In(16)}) == 4.0);
  CHECK(MF("log", {In(8), In(2)}) == 3.0);
  CHECK(MF("log10", {In(1000)}) == 3.0);
  CHECK(MF("degrees", {In(1)}) == 57.29577951308232);
  CHECK(MF("radians", {In(90)}) == 1.5707963267948966);
  CHECK(MF("hypot", {In(3), In(4), In(12)}) == 13.0);
  CHECK(MF("hypot", {Fl(1e200), Fl(1e200)}) == 1.414213562373095e+200);
  CHECK(MF("fmod", {In(-7), In(3)}) == -1.0);
  CHECK(MF("erf", {Fl(0.5)}) == 0.5204998778130465);
  CHECK(MF("cos", {Fl(3.141592653589793 * 0.3)}) == 0.5877852522924731);
  CHECK(MF("fsum", std::vector<PyNumber>(10, Fl(0.1))) == 1.0);  // sum() gives 0.9999999999999999
  CHECK(MF("pow", {In(2), Fl(0.5)}) == std::sqrt(2.0));
  CHECK(std::isinf(MF("exp", {Fl(INFINITY)})));
}

TEST_CASE("integer functions are exact and return ints") {
  CHECK(MI("floor", {Fl(-2.5)}) == -3);
  CHECK(MI("ceil", {Fl(2.1)}) == 3);
  CHECK(MI("trunc", {Fl(-2.5)}) == -2);
  CHECK(MI("floor", {In(7)}) == 7);
  CHECK(MI("factorial", {In(20)}) == 2432902008176640000);
  CHECK(MI("comb", {In(60), In(30)}) == 118264581564861424);
  CHECK(MI("comb", {In(3), In(5)}) == 0);
  CHECK(MI("perm", {In(10), In(3)}) == 720);
  CHECK(MI("perm", {In(5)}) == 120);
  CHECK(MI("gcd", {In(-12), In(18)}) == 6);
  CHECK(MI("gcd", {}) == 0);
  CHECK(MI("lcm", {In(4), In(6), In(10)}) == 60);
  CHECK(M("isclose", {In(1), Fl(1.0000000001), Fl(1e-09), Fl(0.0)}).value.i == 1);
  CHECK(M("isnan", {Fl(NAN)}).value.kind == PyNumber::Kind::Bool);
}

TEST_CASE("errors are Python's") {
  CHECK(Err("sqrt", {In(-1)}) == "ValueError: math domain error");
  CHECK(Err("log", {In(0)}) == "ValueError: math domain error");
  CHECK(Err("log", {In(3), In(1)}) == "ZeroDivisionError: float division by zero");
  CHECK(Err("exp", {In(1000)}) == "OverflowError: math range error");
  CHECK(Err("sin", {Fl(INFINITY)}) == "ValueError: math domain error");
  CHECK(Err("floor", {Fl(NAN)}) == "ValueError: cannot convert float NaN to integer");
  CHECK(Err("floor", {Fl(INFINITY)}) == "OverflowError: cannot convert float infinity to integer");
  CHECK(Err("factorial", {In(-1)}) == "ValueError: factorial() not defined for negative values");
  CHECK(Err("factorial", {Fl(2.0)}) == "TypeError: 'float' object cannot be interpreted as an integer");
  CHECK(Err("comb", {In(-1), In(2)}) == "ValueError: n must be a non-negative integer");
  CHECK(Err("comb", {In(5), In(-2)}) == "ValueError: k must be a non-negative integer");
  CHECK(Err("fsum", {Fl(1e308), Fl(1e308)}) == "OverflowError: intermediate overflow in fsum");
  CHECK(Err("fsum", {Fl(INFINITY), Fl(-INFINITY)}) == "ValueError: -inf + inf in fsum");
  CHECK(Err("fmod", {In(1), In(0)}) == "ValueError: math domain error");
  CHECK(Err("pow", {In(0), In(-1)}) == "ValueError: math domain error");
  CHECK(Err("isclose", {In(1), In(2), Fl(-1), Fl(0)}) == "ValueError: tolerances must be non-negative");
  CHECK(Err("factorial", {In(100001)}).rfind("OverflowError", 0) == 0);  // a result of millions of digits
}

TEST_CASE("divmod is (a // b, a % b) with the divisor's sign") {
  auto dm = [](PyNumber a, PyNumber b) { return PyDivModNumbers(a, b); };
  CHECK(dm(In(-7), In(2)).div.i == -4);
  CHECK(dm(In(-7), In(2)).mod.i == 1);
  CHECK(dm(In(7), In(-2)).mod.i == -1);
  CHECK(dm(Fl(-7.5), In(2)).div.f == -4.0);
  CHECK(dm(Fl(-7.5), In(2)).mod.f == 0.5);
  auto z = dm(Fl(0.0), In(-4));
  CHECK((z.div.f == 0.0 && std::signbit(z.div.f) && std::signbit(z.mod.f)));
  CHECK(dm(Fl(1.0), Fl(0.1)).div.f == 9.0);
  CHECK(dm(Fl(1.0), Fl(0.1)).mod.f == 0.09999999999999995);
  CHECK(std::string(dm(In(1), In(0)).message) == "integer division or modulo by zero");
  CHECK(std::string(dm(Fl(1.0), In(0)).message) == "float divmod()");
}
