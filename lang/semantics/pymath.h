// Python's `math` module and `divmod` on Python numbers, as CPython 3.11
// computes them, with its errors (math.sqrt(-1) is ValueError "math domain
// error", math.exp(1000) OverflowError "math range error"). The interpreter
// evaluates the builtins with these functions and the tracer folds them at
// compile time with the same ones (lang/semantics/pymath.def lists the functions).
// Ints are exact as Python's (factorial(30) is a BigInt); gcd and lcm take
// ints that fit 64 bits.
#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "semantics/pynum.h"

namespace tcc::sem {

// A result or the Python exception computing it raised.
struct PyMathResult {
  PyNumber value;
  const char* error_class = nullptr;  // "ValueError", "TypeError", "OverflowError", "ZeroDivisionError"
  const char* message = nullptr;
  bool ok() const { return error_class == nullptr; }
  static PyMathResult Of(PyNumber v) { return {v, nullptr, nullptr}; }
  static PyMathResult Err(const char* cls, const char* msg) { return {PyNumber::Int(0), cls, msg}; }
};

enum class PyMathArgs : uint8_t { Floats, Ints };
enum class PyMathResultKind : uint8_t { Float, Int, Bool, Any };
enum class PyMathId : uint8_t {
#define TCC_PYMATH(name, min_args, max_args, signature, args, result) name,
#include "semantics/pymath.def"
};
struct PyMathRow {
  const char* name;
  int min_args, max_args;
  const char* signature;
  PyMathArgs args;
  PyMathResultKind result;
  PyMathId id;
};
inline constexpr PyMathRow kPyMath[] = {
#define TCC_PYMATH(name, min_args, max_args, signature, args, result) \
  {#name, min_args, max_args, signature, PyMathArgs::args, PyMathResultKind::result, PyMathId::name},
#include "semantics/pymath.def"
};
inline const PyMathRow* FindPyMath(std::string_view name) {
  for (const auto& r : kPyMath)
    if (name == r.name) return &r;
  return nullptr;
}

namespace pymath_detail {
using R = PyMathResult;
inline R Domain() { return R::Err("ValueError", "math domain error"); }
inline R Range() { return R::Err("OverflowError", "math range error"); }
inline R F(double d) { return R::Of(PyNumber::Float(d)); }
inline R I(int64_t i) { return R::Of(PyNumber::Int(i)); }
inline R B(bool b) { return R::Of(PyNumber::Bool(b)); }
inline R Big(BigInt v) { return R::Of(PyNumber::Big(std::move(v))); }

// CPython's math_1: a NaN from a non-NaN is a domain error, an infinity from
// a finite argument a range error (functions that can overflow) or a domain
// error (the others).
template <class Fn>
R Math1(double x, Fn fn, bool can_overflow) {
  double r = fn(x);
  if (std::isnan(r) && !std::isnan(x)) return Domain();
  if (std::isinf(r) && std::isfinite(x)) return can_overflow ? Range() : Domain();
  return F(r);
}
// m_log and friends: x <= 0 is a domain error, inf and nan pass through.
template <class Fn>
R Log(double x, Fn fn) {
  if (std::isnan(x) || (std::isinf(x) && x > 0)) return F(x);
  if (x <= 0) return Domain();
  return F(fn(x));
}
// float -> int as Python's int() of floor/ceil/trunc does.
inline R ToInt(double d) {
  if (std::isnan(d)) return R::Err("ValueError", "cannot convert float NaN to integer");
  if (std::isinf(d)) return R::Err("OverflowError", "cannot convert float infinity to integer");
  if (d >= 9223372036854775808.0 || d < -9223372036854775808.0) return Big(BigInt::FromDouble(d));
  return I(static_cast<int64_t>(d));
}
inline bool IsInt(const PyNumber& n) { return !n.is_float(); }
inline R NotInteger() { return R::Err("TypeError", "'float' object cannot be interpreted as an integer"); }
inline R IntOverflow() { return R::Err("OverflowError", "Python int too large to convert to C long"); }

inline int64_t Gcd(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint64_t y = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  while (y) { uint64_t t = x % y; x = y; y = t; }
  return static_cast<int64_t>(x);
}

// perm(n, k) = n! / (n-k)!, comb(n, k) = perm / k!, exact or an overflow.
inline R PermComb(int64_t n, int64_t k, bool comb) {
  if (n < 0) return R::Err("ValueError", "n must be a non-negative integer");
  if (k < 0) return R::Err("ValueError", "k must be a non-negative integer");
  if (k > n) return I(0);
  if (comb && k > n - k) k = n - k;
  BigInt r(1);
  for (int64_t i = 0; i < k; ++i) {
    r = r * BigInt(n - i);
    if (comb) BigInt::DivModFloor(r, BigInt(i + 1), &r, nullptr);  // exact: a product of i+1 consecutive ints
    if (r.BitLength() > kMaxIntBits) return R::Err("OverflowError", PyErrorMessage(PyError::IntOverflow));
  }
  return Big(std::move(r));
}

// CPython's math_fsum (Shewchuk's exact partials, correctly rounded).
inline R FSum(const std::vector<double>& xs) {
  std::vector<double> p;
  double special_sum = 0, inf_sum = 0;
  for (double x : xs) {
    double xsave = x;
    size_t i = 0;
    for (size_t j = 0; j < p.size(); ++j) {
      double y = p[j];
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0.0) p[i++] = lo;
      x = hi;
    }
    p.resize(i);
    if (x != 0.0) {
      if (!std::isfinite(x)) {
        if (std::isfinite(xsave)) return R::Err("OverflowError", "intermediate overflow in fsum");
        if (std::isinf(xsave)) inf_sum += xsave;
        special_sum += xsave;
        p.clear();
      } else {
        p.push_back(x);
      }
    }
  }
  if (special_sum != 0.0) {
    if (std::isnan(inf_sum)) return R::Err("ValueError", "-inf + inf in fsum");
    return F(special_sum);
  }
  double hi = 0.0;
  size_t n = p.size();
  if (n > 0) {
    hi = p[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi;
      double y = p[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      double y = lo * 2.0;
      double x = hi + y;
      double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return F(hi);
}
}  // namespace pymath_detail

// math.<name>(*args) on Python numbers (the callers check the argument
// count against kPyMath and pass isclose's rel_tol/abs_tol as args 2 and 3,
// perm's missing k as nothing; fsum gets the iterable's items).
inline PyMathResult PyMath(std::string_view name, const std::vector<PyNumber>& a) {
  using namespace pymath_detail;
  auto x = [&](size_t i) { return a[i].as_double(); };
  const PyMathRow* row = FindPyMath(name);
  for (const auto& n : a)
    if (row && row->args == PyMathArgs::Floats && n.is_big() && std::isinf(n.as_double()))
      return R::Err("OverflowError", PyErrorMessage(PyError::IntTooLargeForFloat));
  constexpr double kPi = 3.141592653589793;
  if (name == "sqrt") return Math1(x(0), [](double v) { return std::sqrt(v); }, false);
  if (name == "exp") return Math1(x(0), [](double v) { return std::exp(v); }, true);
  if (name == "exp2") return Math1(x(0), [](double v) { return std::exp2(v); }, true);
  if (name == "expm1") return Math1(x(0), [](double v) { return std::expm1(v); }, true);
  if (name == "sin") return Math1(x(0), [](double v) { return std::sin(v); }, false);
  if (name == "cos") return Math1(x(0), [](double v) { return std::cos(v); }, false);
  if (name == "tan") return Math1(x(0), [](double v) { return std::tan(v); }, false);
  if (name == "asin") return Math1(x(0), [](double v) { return std::asin(v); }, false);
  if (name == "acos") return Math1(x(0), [](double v) { return std::acos(v); }, false);
  if (name == "atan") return Math1(x(0), [](double v) { return std::atan(v); }, false);
  if (name == "sinh") return Math1(x(0), [](double v) { return std::sinh(v); }, true);
  if (name == "cosh") return Math1(x(0), [](double v) { return std::cosh(v); }, true);
  if (name == "tanh") return Math1(x(0), [](double v) { return std::tanh(v); }, false);
  if (name == "asinh") return Math1(x(0), [](double v) { return std::asinh(v); }, false);
  if (name == "acosh") return Math1(x(0), [](double v) { return std::acosh(v); }, false);
  if (name == "atanh") return Math1(x(0), [](double v) { return std::atanh(v); }, false);
  if (name == "erf") return Math1(x(0), [](double v) { return std::erf(v); }, false);
  if (name == "erfc") return Math1(x(0), [](double v) { return std::erfc(v); }, false);
  if (name == "cbrt") return Math1(x(0), [](double v) { return std::cbrt(v); }, false);
  if (name == "fabs") return F(std::fabs(x(0)));
  if (name == "log2") return Log(x(0), [](double v) { return std::log2(v); });
  if (name == "log10") return Log(x(0), [](double v) { return std::log10(v); });
  if (name == "log1p") {
    if (x(0) == -1) return Domain();
    return Math1(x(0), [](double v) { return std::log1p(v); }, false);
  }
  if (name == "log") {
    R num = Log(x(0), [](double v) { return std::log(v); });
    if (!num.ok() || a.size() == 1) return num;
    R den = Log(x(1), [](double v) { return std::log(v); });
    if (!den.ok()) return den;
    if (den.value.f == 0) return R::Err("ZeroDivisionError", "float division by zero");
    return F(num.value.f / den.value.f);
  }
  if (name == "floor" || name == "ceil" || name == "trunc") {
    if (IsInt(a[0])) return R::Of(a[0].kind == PyNumber::Kind::Bool ? PyNumber::Int(a[0].i) : a[0]);
    double v = x(0);
    return ToInt(name == "floor" ? std::floor(v) : name == "ceil" ? std::ceil(v) : std::trunc(v));
  }
  if (name == "pow") {
    double b = x(0), e = x(1);
    if (std::isfinite(b) && std::isfinite(e)) {
      double r = std::pow(b, e);
      if (std::isnan(r)) return Domain();
      if (std::isinf(r)) return b == 0 ? Domain() : Range();
      return F(r);
    }
    return F(std::pow(b, e));  // C99 Annex F's special values, as CPython's
  }
  if (name == "atan2") return F(std::atan2(x(0), x(1)));
  if (name == "copysign") return F(std::copysign(x(0), x(1)));
  if (name == "fmod") {
    double u = x(0), v = x(1);
    if (std::isinf(v) && std::isfinite(u)) return F(u);
    if (std::isnan(u) || std::isnan(v)) return F(std::nan(""));
    if (v == 0 || std::isinf(u)) return Domain();
    return F(std::fmod(u, v));
  }
  if (name == "hypot") {
    double r = 0;
    if (a.size() == 2) r = std::hypot(x(0), x(1));
    else if (a.size() == 1) r = std::fabs(x(0));
    else if (!a.empty()) {
      double m = 0;
      bool nan = false;
      for (size_t i = 0; i < a.size(); ++i) {
        if (std::isinf(x(i))) return F(INFINITY);
        nan |= std::isnan(x(i));
        m = std::fmax(m, std::fabs(x(i)));
      }
      if (nan) return F(std::nan(""));
      if (m == 0) return F(0);
      double s = 0;
      for (size_t i = 0; i < a.size(); ++i) s += (x(i) / m) * (x(i) / m);
      r = m * std::sqrt(s);
    }
    return F(r);
  }
  if (name == "degrees") return F(x(0) * (180.0 / kPi));
  if (name == "radians") return F(x(0) * (kPi / 180.0));
  if (name == "isnan") return B(std::isnan(x(0)));
  if (name == "isinf") return B(std::isinf(x(0)));
  if (name == "isfinite") return B(std::isfinite(x(0)));
  if (name == "isclose") {
    double u = x(0), v = x(1);
    double rel = a.size() > 2 ? x(2) : 1e-09, abs_tol = a.size() > 3 ? x(3) : 0.0;
    if (rel < 0 || abs_tol < 0) return R::Err("ValueError", "tolerances must be non-negative");
    if (u == v) return B(true);
    if (std::isinf(u) || std::isinf(v)) return B(false);
    double diff = std::fabs(v - u);
    return B(diff <= std::fabs(rel * v) || diff <= std::fabs(rel * u) || diff <= abs_tol);
  }
  if (name == "gcd" || name == "lcm") {
    bool lcm = name == "lcm";
    int64_t r = lcm ? 1 : 0;
    for (const auto& n : a) {
      if (!IsInt(n)) return NotInteger();
      if (n.is_big()) return IntOverflow();
      if (!lcm) { r = Gcd(r, n.i); continue; }
      if (r == 0 || n.i == 0) { r = 0; continue; }
      int64_t g = Gcd(r, n.i), out;
      int64_t m = n.i < 0 ? -n.i : n.i;
      if (__builtin_mul_overflow(r / g, m, &out)) return IntOverflow();
      r = out;
    }
    return I(r);
  }
  if (name == "factorial") {
    if (!IsInt(a[0])) return NotInteger();
    if (a[0].is_big()) return IntOverflow();
    if (a[0].i < 0) return R::Err("ValueError", "factorial() not defined for negative values");
    return PermComb(a[0].i, a[0].i, false);
  }
  if (name == "comb" || name == "perm") {
    for (const auto& n : a) {
      if (!IsInt(n)) return NotInteger();
      if (n.is_big()) return IntOverflow();
    }
    return PermComb(a[0].i, a.size() > 1 ? a[1].i : a[0].i, name == "comb");
  }
  if (name == "fsum") {
    std::vector<double> xs;
    for (const auto& n : a) xs.push_back(n.as_double());
    return FSum(xs);
  }
  return R::Err("TypeError", "not a function of the math module");
}

// int(x) of a float: truncated, exactly (int(1e30) is a BigInt); ValueError
// for nan, OverflowError for infinities.
inline PyMathResult PyFloatToInt(double d) { return pymath_detail::ToInt(d); }

// divmod(a, b) on Python numbers: (a // b, a % b), CPython's float_divmod
// for floats; ZeroDivisionError with Python's messages.
struct PyDivModResult { PyNumber div, mod; const char* message = nullptr; };
inline PyDivModResult PyDivModNumbers(PyNumber a, PyNumber b) {
  if (a.is_float() || b.is_float()) {
    if (b.as_double() == 0) return {PyNumber::Int(0), PyNumber::Int(0), "float divmod()"};
    PyDivMod r = PyFloatDivMod(a.as_double(), b.as_double());
    return {PyNumber::Float(r.div), PyNumber::Float(r.mod)};
  }
  if (!b.is_big() && b.i == 0) return {PyNumber::Int(0), PyNumber::Int(0), "integer division or modulo by zero"};
  return {PyBinary(PyOp::FloorDiv, a, b), PyBinary(PyOp::Mod, a, b)};
}

}  // namespace tcc::sem
