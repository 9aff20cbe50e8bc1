// internal.h: helpers shared by the kernel files of the tensor library (not
// a public header): dtype dispatch, value casts, the strided N-d loop
// driver and grain sizes.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "tensor/ops.h"
#include "tensor/tensor.h"
#include "tensor/thread_pool.h"

namespace tcc::rt::detail {

template <class T> struct Tag { using type = T; };

template <class T> constexpr DType dtype_of();
template <> constexpr DType dtype_of<float>() { return DType::F32; }
template <> constexpr DType dtype_of<double>() { return DType::F64; }
template <> constexpr DType dtype_of<int64_t>() { return DType::I64; }
template <> constexpr DType dtype_of<int32_t>() { return DType::I32; }
template <> constexpr DType dtype_of<bool>() { return DType::Bool; }

// Calls f(Tag<T>{}) with T the C++ type of `t`.
template <class F> decltype(auto) dispatch(DType t, F&& f) {
  switch (t) {
    case DType::F32: return f(Tag<float>{});
    case DType::F64: return f(Tag<double>{});
    case DType::I64: return f(Tag<int64_t>{});
    case DType::I32: return f(Tag<int32_t>{});
    case DType::Bool: break;
  }
  return f(Tag<bool>{});
}

// Value conversion without undefined behaviour: float -> int truncates, and
// NaN or out-of-range values give the type's minimum (as x86 does); any
// nonzero (and NaN) -> true.
template <class To, class From> inline To cast(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    constexpr double lo = double(std::numeric_limits<To>::min());
    constexpr double hi = -lo;  // 2^63 or 2^31
    double d = double(v);
    if (!(d >= lo && d < hi)) return std::numeric_limits<To>::min();
    return To(d);
  } else {
    return To(v);
  }
}

template <class T> inline T scalar_as(Scalar s) {
  switch (s.kind) {
    case Scalar::Kind::Float: return cast<T>(s.f);
    case Scalar::Kind::Int: return cast<T>(s.i);
    case Scalar::Kind::Bool: return cast<T>(s.b);
  }
  return T{};
}

// Elements below which work runs on the calling thread only.
inline constexpr int64_t kGrainCheap = 1 << 16;   // add, mul, copies
inline constexpr int64_t kGrainHeavy = 1 << 13;   // exp, tanh, pow, ...

// Drives an N-operand elementwise loop over `sizes`. strides[k] are operand
// k's *byte* strides (aligned to sizes; 0 = broadcast). Dims of size 1 are
// dropped and mergeable dims coalesced; then inner(ptrs, inner_strides, n) is
// called for runs along the innermost dim. Large loops are split over the
// thread pool by flat element ranges. Templated so small tensors pay no
// std::function or heap cost.
template <int N, class Inner>
void strided_loop(const Dims& sizes, std::array<char*, N> base,
                  const std::array<Dims, N>& strides, int64_t grain, Inner&& inner) {
  int64_t sz[kMaxDims];
  int64_t st[N][kMaxDims];
  int nd = 0;
  int64_t numel = 1;
  for (int i = 0; i < sizes.size(); ++i) {
    numel *= sizes[i];
    if (sizes[i] == 1) continue;
    if (nd > 0) {  // merge with the previous kept dim when contiguous across
      bool merge = true;
      for (int k = 0; k < N; ++k)
        if (st[k][nd - 1] != strides[k][i] * sizes[i]) { merge = false; break; }
      if (merge) {
        sz[nd - 1] *= sizes[i];
        for (int k = 0; k < N; ++k) st[k][nd - 1] = strides[k][i];
        continue;
      }
    }
    sz[nd] = sizes[i];
    for (int k = 0; k < N; ++k) st[k][nd] = strides[k][i];
    ++nd;
  }
  if (numel == 0) return;
  if (nd == 0) {  // one element
    sz[0] = 1;
    for (int k = 0; k < N; ++k) st[k][0] = 0;
    nd = 1;
  }
  std::array<int64_t, N> inner_st;
  for (int k = 0; k < N; ++k) inner_st[k] = st[k][nd - 1];
  const int64_t inner_n = sz[nd - 1];

  auto run = [&](int64_t begin, int64_t end) {
    int64_t idx[kMaxDims];
    int64_t rem = begin;
    std::array<char*, N> p = base;
    for (int d = nd - 1; d >= 0; --d) {
      idx[d] = rem % sz[d];
      rem /= sz[d];
      for (int k = 0; k < N; ++k) p[k] += idx[d] * st[k][d];
    }
    int64_t pos = begin;
    while (pos < end) {
      int64_t n = inner_n - idx[nd - 1];
      if (n > end - pos) n = end - pos;
      inner(p, inner_st, n);
      pos += n;
      if (pos >= end) break;
      // advance the multi-index by n along the innermost dim, with carry
      for (int k = 0; k < N; ++k) p[k] += n * st[k][nd - 1];
      idx[nd - 1] += n;
      for (int d = nd - 1; d > 0 && idx[d] == sz[d]; --d) {
        for (int k = 0; k < N; ++k) p[k] += st[k][d - 1] - sz[d] * st[k][d];
        idx[d] = 0;
        ++idx[d - 1];
      }
    }
  };
  if (numel >= grain && num_threads() > 1)
    parallel_for(numel, grain, run);
  else
    run(0, numel);
}

// Byte strides of t, aligned right to an output of `ndim` dims and
// broadcast (stride 0) where t's size is 1 and the output's is not.
Dims broadcast_byte_strides(const Tensor& t, const Dims& out_sizes);
inline Dims byte_strides(const Tensor& t) {
  Dims s = t.strides();
  int64_t w = int64_t(dtype_size(t.dtype()));
  for (auto& x : s) x *= w;
  return s;
}

// Result dtype of an operation over tensors and weak scalars (torch rules).
struct PromoteState {
  sem::ResultType rt;
  void add(const Tensor& t);
  void add(Scalar s);
  DType result() const;
};

}  // namespace tcc::rt::detail
