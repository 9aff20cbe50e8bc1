// scratch.h: per-thread scratch buffers of the kernels (conv, Winograd,
// the AVX-512 GEMM's packed panel) on cache-line boundaries (not a public
// header).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tcc::rt {

// `count` elements of scratch v (kept by the caller between calls, usually
// thread_local), starting on a 64-byte boundary: a vector's data from malloc
// is 16 bytes past one, and then every 64-byte load of a row straddles two
// lines.
template <class T>
T* AlignedScratch(std::vector<T>& v, size_t count) {
  constexpr size_t kPad = 64 / sizeof(T);
  if (v.size() < count + kPad) v.resize(count + kPad);
  const auto addr = reinterpret_cast<uintptr_t>(v.data());
  return v.data() + (64 - addr % 64) % 64 / sizeof(T);
}

}  // namespace tcc::rt
