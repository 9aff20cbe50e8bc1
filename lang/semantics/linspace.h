// torch.linspace's values, bit for bit as PyTorch 1.13 computes them on the
// CPU (aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp, the AVX2 kernel
// torch dispatches to on x86): the runtime (runtime/tensor/create.cpp) and the
// LLVM lowering (compiler/lower/eval.cpp) both follow LinspaceAt, and
// tests/unit/backend checks the lowering against it.
//
// torch's kernel, for a float dtype T (step_t = T; an integer dtype computes
// in double and truncates, as static_cast does):
//   start, end   the Python numbers converted to T first;
//   step         (end - start) / (steps - 1), in step_t;
//   element i    i < steps / 2 ? start + step * i : end - step * (steps - 1 - i),
//                each a fused multiply-add (GCC contracts it in the AVX2 kernel);
//   vectors      the elements below the last multiple of 2 * W (W = 32 bytes /
//                sizeof(T) lanes: 8 floats, 4 doubles) come in vectors of W:
//                the vector at b (b a multiple of W) takes its base from that
//                rule at i = b, then lane j is base + j * step (no FMA), so a
//                vector that crosses steps / 2 keeps counting up from start.
// With more than 32768 steps torch splits the range among its threads and
// each thread's part starts its vectors afresh; LinspaceAt is torch with one
// thread (torch.set_num_threads(1)).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace tcc::sem {

// Lanes of torch's AVX2 Vectorized<T> (32-byte vectors).
template <class T> constexpr int64_t LinspaceLanes() { return int64_t(32 / sizeof(T)); }

// static_cast without undefined behaviour: an integer out of range (or NaN)
// is the type's minimum, as x86 gives; bool is "nonzero".
template <class T, class S> T LinspaceCast(S v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v != S(0);
  } else if constexpr (std::is_integral_v<T>) {
    constexpr S lo = S(std::numeric_limits<T>::min()), hi = -lo;  // hi = 2^(bits-1), exact
    return v > lo - 1 && v < hi ? static_cast<T>(v) : std::numeric_limits<T>::min();
  } else {
    return static_cast<T>(v);
  }
}

// Element i of torch.linspace(start, end, steps, dtype=T), 0 <= i < steps.
template <class T> T LinspaceAt(double start_in, double end_in, int64_t steps, int64_t i) {
  using S = std::conditional_t<std::is_floating_point_v<T>, T, double>;  // torch's step_t
  const T start = LinspaceCast<T>(start_in), end = LinspaceCast<T>(end_in);
  if (steps == 1) return start;
  const S step = (static_cast<S>(end) - static_cast<S>(start)) / static_cast<S>(steps - 1);
  const int64_t half = steps / 2, lanes = LinspaceLanes<T>();
  auto at = [&](int64_t k) -> T {  // the scalar rule, also a vector's base
    return k < half ? LinspaceCast<T>(std::fma(step, static_cast<S>(k), static_cast<S>(start)))
                    : LinspaceCast<T>(std::fma(-step, static_cast<S>(steps - k - 1), static_cast<S>(end)));
  };
  if (i >= steps / (2 * lanes) * (2 * lanes)) return at(i);  // the scalar tail
  const int64_t lane = i % lanes;
  const T base = at(i - lane);
  if (lane == 0) return base;
  return LinspaceCast<T>(static_cast<S>(base) + static_cast<S>(lane) * step);
}

}  // namespace tcc::sem
