// Python's float floor division and modulo, exactly as CPython computes them
// (Objects/floatobject.c, float_divmod): the remainder takes the divisor's
// sign (0.0 % -4.0 is -0.0) and the quotient is corrected so that
// 1.0 // 0.1 is 9.0, not floor(1.0 / 0.1) = 10.0. Shared by the tracer (which
// folds Python numbers at compile time) and the interpreter, so both agree.
// Precondition: b != 0.
#pragma once

#include <cmath>

namespace tcc {

struct PyDivMod {
  double div, mod;
};

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

}  // namespace tcc
