// conv_view.h: the [N, C, H, W] view of a tensor that the window kernels
// (conv.cpp, conv_winograd.cpp, pool.cpp) work on, shared by them (not a
// public header).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "tensor/scratch.h"
#include "tensor/tensor.h"
#include "ts_runtime.h"

namespace tcc::rt {

// The window kernels' vectorisable loops (Winograd's transforms, im2col's
// strided copy) are also built for AVX2 and AVX-512, picked at load time.
#if defined(__x86_64__) && defined(__GNUC__)
#define TCC_WINDOW_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define TCC_WINDOW_CLONES
#endif

// A [N, C, H, W] strided view (sizes/strides in elements).
struct View4 {
  char* data;
  int64_t n[4];
  int64_t s[4];
};

// The shape of one convolution in the kernels' terms (conv.cpp): input
// [N, C, H, W], weight [O, Cg, KH, KW] in G groups of Og outputs, output
// [N, O, OH, OW], P = OH * OW positions, K = Cg * KH * KW.
struct ConvDims {
  int64_t N, C, H, W, O, Cg, KH, KW, G, Og, OH, OW, P, K;
};

// Row strides of the kernels' scratch matrices (im2col's columns,
// Winograd's V and M): n elements rounded up to whole 64-byte lines, an odd
// number of them. Rows a power-of-two-ish stride apart (256 floats: 1 KiB)
// fall in a few of L1's sets (the GEMM's pass over 64 columns of K rows
// evicted its own operand: 7.4 against 4.4 ms on the bench's conv2d).
template <class T>
int64_t OddLines(int64_t n) {
  constexpr int64_t kLine = 64 / int64_t(sizeof(T));
  const int64_t r = (n + kLine - 1) / kLine * kLine;
  return (r / kLine) % 2 ? r : r + kLine;
}

// The conv kernels' work split: `images` (batch item, group) pairs of
// `width` columns each, cut into tiles of about `fit` columns. Returns the
// tiles per image: more of them (down to min_width columns) when there are
// few items, so that the items (image, tile) divide evenly across `threads`.
inline int64_t ConvTilesPerImage(int64_t images, int64_t width, int64_t fit, int64_t min_width, int threads) {
  int64_t tiles = std::max<int64_t>(1, (width + fit - 1) / std::max<int64_t>(fit, 1));
  if ((images * tiles) % threads == 0 || images * tiles >= 4 * threads) return tiles;
  for (int64_t t = tiles + 1; t <= tiles + threads && width / t >= min_width; ++t)
    if ((images * t) % threads == 0) return t;
  return tiles;
}

// Images per work item where an image has few output positions (fewer than
// min_width: ResNet's last stage, 7x7 = 49): several images' columns side by
// side in one GEMM, so that its last vector is not mostly empty and its
// weight is read once per item rather than once per image. As many items as
// the batch needs at min_width columns each, the images shared evenly among
// them; 1 where an image alone is wide enough.
inline int64_t ConvImagesPerItem(int64_t batch, int64_t width, int64_t min_width) {
  if (batch <= 1 || width <= 0 || width >= min_width) return 1;
  const int64_t per = std::min(batch, (min_width + width - 1) / width);
  const int64_t items = (batch + per - 1) / per;
  return (batch + items - 1) / items;
}

// Runs body over [0, items): with at least as many items as threads, in
// parallel, each thread's GEMMs single-threaded (SerialBlasScope, blas.h);
// else serially, the GEMMs using BLAS's threads.
void RunConvItems(int64_t items, const std::function<void(int64_t, int64_t)>& body);

// `t` (an input or output of a 1-d or 2-d window op, batched or not) as a
// 4-d ts_tensor view: a unit dim is inserted for a 1-d op's H and for an
// unbatched tensor's N. Shares t's data (no handle).
ts_tensor AbiView4(const Tensor& t, int spatial);

// Kernels called through the C ABI cannot throw: a failed allocation of a
// kernel's scratch memory ends the program with a message.
[[noreturn]] void WindowOutOfMemory(const char* op);

}  // namespace tcc::rt
