// fast_math.h: branch-free float32 exp / tanh / sigmoid that GCC vectorises
// inside the elementwise loops (libm's expf/tanhf are scalar calls).
// Accuracy (checked against libm in tests/unit/tensor/elementwise_test.cpp):
//   exp_f32:     relative error <= 4e-7 (~3 ulp) on [-87, 88]; exact 0 below
//                -103.9, inf above 88.72, NaN -> NaN; denormal results kept.
//   tanh_f32:    absolute error <= 3e-7 everywhere (Cephes polynomial for |x| < 0.625).
//   sigmoid_f32: absolute error <= 3e-7.
// Algorithm (Cephes expf): n = round(x / ln2), r = x - n ln2 (two-part ln2),
// e^r by a degree-6 polynomial, times 2^n built from exponent bits in two
// halves so that n in [-150, 128] never overflows the exponent field.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>

namespace tcc::rt::detail {

inline float exp_f32(float x) {
  float xc = x < -103.9f ? -103.9f : x;
  xc = xc > 88.72283f ? 88.72283f : xc;
  float n = (xc * 1.44269504088896341f + 12582912.0f) - 12582912.0f;  // round to nearest
  float r = xc - n * 0.693359375f;
  r = r - n * -2.12194440e-4f;
  float z = r * r;
  float y = 1.9875691500e-4f;
  y = y * r + 1.3981999507e-3f;
  y = y * r + 8.3334519073e-3f;
  y = y * r + 4.1665795894e-2f;
  y = y * r + 1.6666665459e-1f;
  y = y * r + 5.0000001201e-1f;
  y = y * z + r + 1.0f;
  int32_t ni = int32_t(n);
  int32_t n1 = ni >> 1, n2 = ni - n1;
  float s1 = std::bit_cast<float>((n1 + 127) << 23);
  float s2 = std::bit_cast<float>((n2 + 127) << 23);
  float res = y * s1 * s2;
  res = x > 88.72283f ? std::numeric_limits<float>::infinity() : res;
  res = x < -103.9f ? 0.0f : res;
  return x != x ? x : res;
}

inline float tanh_f32(float x) {
  float ax = x < 0 ? -x : x;
  float z = x * x;
  float p = -5.70498872745e-3f;
  p = p * z + 2.06390887954e-2f;
  p = p * z - 5.37397155531e-2f;
  p = p * z + 1.33314422036e-1f;
  p = p * z - 3.33332819422e-1f;
  float small = p * z * x + x;
  float e = exp_f32(2.0f * (ax > 20.0f ? 20.0f : ax));
  float big = 1.0f - 2.0f / (e + 1.0f);
  big = x < 0 ? -big : big;
  float res = ax < 0.625f ? small : big;
  return x != x ? x : res;
}

inline float sigmoid_f32(float x) { return 1.0f / (1.0f + exp_f32(-x)); }

}  // namespace tcc::rt::detail
