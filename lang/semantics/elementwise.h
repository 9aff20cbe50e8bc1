// The meaning of one element of torch's arithmetic on tensors, for every
// dtype: wrapping integer arithmetic, floor division and remainder (Python's
// sign convention, torch's float algorithm), integer powers, maximum and
// minimum with nan. The runtime kernels instantiate these templates; the
// LLVM lowering emits the same algorithm and tests/unit/backend checks the
// JIT-compiled code against them on edge values.
//
// Integer division by zero is the caller's error to raise (torch:
// "ZeroDivisionError"); these functions return 0 for it. Intended
// differences from torch 1.13: INT64_MIN // -1 wraps to INT64_MIN and
// INT64_MIN % -1 is 0 (torch crashes with SIGFPE).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace tcc::sem {

template <class T> constexpr bool kIsInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <class T> constexpr T WrapAdd(T a, T b) {
  if constexpr (kIsInt<T>) return T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b));
  else return T(a + b);
}
template <class T> constexpr T WrapSub(T a, T b) {
  if constexpr (kIsInt<T>) return T(std::make_unsigned_t<T>(a) - std::make_unsigned_t<T>(b));
  else return T(a - b);
}
template <class T> constexpr T WrapMul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (kIsInt<T>) return T(std::make_unsigned_t<T>(a) * std::make_unsigned_t<T>(b));
  else return a * b;
}
template <class T> constexpr T WrapNeg(T a) { return WrapSub(T(0), a); }

// a // b. Floats: torch's div_floor_floating (CPython's float_divmod):
// 1.0 // 0.1 is 9.0, x // 0.0 is x / 0.0.
template <class T> inline T FloorDiv(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (b == 0) return a / b;
    T mod = std::fmod(a, b);
    T div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1;
    if (div == 0) return std::copysign(T(0), a / b);
    T fl = std::floor(div);
    if (div - fl > T(0.5)) fl += 1;
    return fl;
  } else if constexpr (std::is_same_v<T, bool>) {
    return a;  // bool // true is itself (bool // false is a division by zero)
  } else {
    if (b == 0) return 0;
    if (b == -1) return WrapNeg(a);
    T q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  }
}

// a % b with the divisor's sign (torch.remainder). Floats: fmod corrected
// by b, so -0.0 % 3.0 is -0.0 and -5.0 % inf is inf, as in torch.
template <class T> inline T Remainder(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    T m = std::fmod(a, b);
    if (m != 0 && ((b < 0) != (m < 0))) m += b;
    return m;
  } else if constexpr (std::is_same_v<T, bool>) {
    return false;
  } else {
    if (b == 0 || b == -1) return 0;
    T m = a % b;
    if (m != 0 && ((b < 0) != (m < 0))) m += b;
    return m;
  }
}

// a ** b. Integers: exact, wrapping, by repeated squaring; a negative
// exponent gives torch's powi: 1 for a == 1, +-1 for a == -1, else 0 (a
// Python int exponent that is negative is the caller's error: "Integers to
// negative integer powers are not allowed.").
template <class T> inline T Pow(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::pow(a, b);
  } else if constexpr (std::is_same_v<T, bool>) {
    return a || !b;
  } else {
    if (b < 0) return a == 1 ? T(1) : a == -1 ? T((b & 1) ? -1 : 1) : T(0);
    T r = 1;
    while (b) {
      if (b & 1) r = WrapMul(r, a);
      a = WrapMul(a, a);
      b >>= 1;
    }
    return r;
  }
}

// torch.maximum / torch.minimum (and clamp, relu's max with 0): nan wins,
// and a tie returns the first operand, as torch's scalar kernels
// (std::max): maximum(-0.0, 0.0) is -0.0, clamp(-0.0, min=0) is -0.0.
template <class T> constexpr T Maximum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return a;
    if (b != b) return b;
  }
  return a < b ? b : a;
}
template <class T> constexpr T Minimum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return a;
    if (b != b) return b;
  }
  return b < a ? b : a;
}

// relu is maximum(x, 0): relu(-0.0) is -0.0 and relu(nan) nan, as in torch.
template <class T> constexpr T Relu(T x) { return Maximum(x, T(0)); }

// x ** e for a Python number e (torch's pow with a scalar exponent, which
// special-cases these exponents: x ** 0.5 is sqrt(x), so (-0.0) ** 0.5 is
// -0.0 and (-inf) ** 0.5 nan); a tensor exponent is Pow.
template <class T> inline T PowScalar(T a, T e) {
  if constexpr (std::is_floating_point_v<T>) {
    if (e == T(0.5)) return std::sqrt(a);
    if (e == T(2)) return a * a;
    if (e == T(3)) return a * a * a;
    if (e == T(-0.5)) return T(1) / std::sqrt(a);
    if (e == T(-1)) return T(1) / a;
    if (e == T(-2)) return T(1) / (a * a);
  }
  return Pow(a, e);
}

// ---- issue 11: rounding, sign, nan_to_num, lerp (torch 1.13's CPU kernels)

// torch.round: half to even (nearbyint in the default rounding mode); with
// `decimals` d, nearbyint(x * 10^d) / 10^d, or for d < 0 nearbyint(x / 10^-d)
// * 10^-d, computed in T (round(0.125, decimals=2) is 0.12). Integers are
// unchanged (decimals != 0 on integers is torch's error, the caller's).
template <class T> inline T Round(T x, int64_t decimals = 0) {
  if constexpr (std::is_floating_point_v<T>) {
    if (decimals == 0) return std::nearbyint(x);
    T p = static_cast<T>(std::pow(10.0, static_cast<double>(decimals < 0 ? -decimals : decimals)));
    return decimals < 0 ? std::nearbyint(x / p) * p : std::nearbyint(x * p) / p;
  } else {
    return x;
  }
}

// torch.sign: (0 < x) - (x < 0), so sign(-0.0) is +0.0 and sign(nan) is 0;
// bool stays itself.
template <class T> constexpr T Sign(T x) {
  if constexpr (std::is_same_v<T, bool>) return x;
  else return static_cast<T>(static_cast<int>(T(0) < x) - static_cast<int>(x < T(0)));
}

// torch.nan_to_num: nan, +inf and -inf replaced (the caller passes the
// dtype's largest and lowest finite values for absent posinf/neginf);
// integers and bools are unchanged.
template <class T> constexpr T NanToNum(T x, T nan, T posinf, T neginf) {
  if constexpr (std::is_floating_point_v<T>) {
    if (x != x) return nan;
    if (x == std::numeric_limits<T>::infinity()) return posinf;
    if (x == -std::numeric_limits<T>::infinity()) return neginf;
  }
  return x;
}

// torch.lerp(start, end, weight): start + weight * (end - start) for
// |weight| < 0.5, else end - (end - start) * (1 - weight) (exact at both ends).
template <class T> constexpr T Lerp(T a, T b, T w) {
  T w_abs = w < T(0) ? -w : w;
  return w_abs < T(0.5) ? a + w * (b - a) : b - (b - a) * (T(1) - w);
}

}  // namespace tcc::sem
