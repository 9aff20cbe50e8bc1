// conv.cpp: implements convolution (conv1d/conv2d: stride, padding,
// dilation, groups, bias) as im2col + BLAS gemm (tensor/blas.h), for the
// interpreter (rt::conv) and for compiled kernels (ts_rt_conv of the C ABI).
//
// Per batch item, group and tile of output positions: the input patches
// become the columns of a [C/g * KH * KW, tile] matrix (a 1x1, stride-1,
// unpadded conv reads the input plane itself), and y[n, group, tile] =
// w[group] @ columns, then + bias (conv_kernel says how the work is split).
// Small images (fewer than kMinTile positions) are batched: several images'
// columns side by side in one GEMM (conv_batched).
// float32 3x3 stride-1 convolutions go to Winograd (conv_winograd.h).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "tensor/blas.h"
#include "tensor/conv_view.h"
#include "tensor/conv_winograd.h"
#include "tensor/internal.h"
#include "ts_runtime.h"

namespace tcc::rt {
using namespace detail;

namespace {

View4 FromAbi4(const ts_tensor& t) {
  View4 v{static_cast<char*>(t.data), {1, 1, 1, 1}, {0, 0, 0, 0}};
  for (int i = 0; i < 4 && i < t.ndim; ++i) v.n[i] = t.sizes[i], v.s[i] = t.strides[i];
  // a unit dim's stride is never used: make it the contiguous one, so that
  // the contiguity tests below see through inserted dims
  int64_t s = 1;
  for (int i = 3; i >= 0; --i) {
    if (v.n[i] == 1) v.s[i] = s;
    s = v.s[i] * v.n[i];
  }
  return v;
}

template <class T>
void gemm(int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb, T* c, int64_t ldc) {
  if constexpr (std::is_same_v<T, float>) gemm_f32(false, false, m, n, k, a, lda, b, ldb, c, ldc);
  else gemm_f64(false, false, m, n, k, a, lda, b, ldb, c, ldc);
}

// dst[i] = src[2 * i] for i < n: a stride-2 row of im2col. Its own function,
// built for AVX-512 and AVX2 too, so that the constant stride vectorises (a
// loop over a run-time stride moved one float at a time: a third of a
// ResNet stride-2 conv's time).
TCC_WINDOW_CLONES void CopyStride2(const float* src, float* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = src[2 * i];
}
TCC_WINDOW_CLONES void CopyStride2(const double* src, double* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = src[2 * i];
}

// dst[t] = src[t * stride] for t < n: a segment of an im2col row (one
// output row's columns), often short (7 for a 7x7 image): no library call.
template <class T>
inline void CopySegment(const T* src, int64_t stride, T* dst, int64_t n) {
  if (stride == 2 && n >= 16) return CopyStride2(src, dst, n);
  for (int64_t t = 0; t < n; ++t) dst[t] = src[t * stride];
}

// im2col of columns [p0, p1) of one (batch item, group): row r = (c, i, j) of
// `out` (row stride ld) holds x[n, g*Cg + c, oh*sh - ph0 + i*dh, ow*sw - pw0 + j*dw]
// for the output positions p = oh*OW + ow, and 0 outside the input.
// Channel by channel, the input rows that the columns read are first copied
// into a zero-padded window (pw0 + W + pw1 wide at most, in L1), so that
// every row's segments are plain strided copies without bounds tests.
template <class T>
void Im2col(const View4& x, const ConvDims& d, const sem::WindowParams& p, int64_t n, int64_t g, int64_t p0,
            int64_t p1, T* out, int64_t ld) {
  // the window: padded rows [ra, rb) (padded row = ih + ph0) by padded columns [0, pw)
  const int64_t oh_a = p0 / d.OW, oh_b = (p1 - 1) / d.OW + 1;
  const int64_t ra = oh_a * p.sh, rb = (oh_b - 1) * p.sh + (d.KH - 1) * p.dh + 1;
  const int64_t pw = (d.OW - 1) * p.sw + (d.KW - 1) * p.dw + 1;
  static thread_local std::vector<T> window;
  if (window.size() < size_t((rb - ra) * pw)) window.resize(size_t((rb - ra) * pw));
  T* win = window.data();
  const int64_t w_lo = std::min(p.pw0, pw), w_hi = std::clamp<int64_t>(p.pw0 + d.W, w_lo, pw);  // input columns
  for (int64_t c = 0; c < d.Cg; ++c) {
    const char* plane = x.data + sizeof(T) * (n * x.s[0] + (g * d.Cg + c) * x.s[1]);
    for (int64_t r = ra; r < rb; ++r) {
      T* wr = win + (r - ra) * pw;
      const int64_t ih = r - p.ph0;
      if (ih < 0 || ih >= d.H) {
        std::fill(wr, wr + pw, T(0));
        continue;
      }
      const char* line = plane + sizeof(T) * ih * x.s[2];
      std::fill(wr, wr + w_lo, T(0));
      if (x.s[3] == 1) {
        std::copy_n(reinterpret_cast<const T*>(line) + (w_lo - p.pw0), w_hi - w_lo, wr + w_lo);
      } else {
        for (int64_t q = w_lo; q < w_hi; ++q)
          wr[q] = *reinterpret_cast<const T*>(line + sizeof(T) * (q - p.pw0) * x.s[3]);
      }
      std::fill(wr + w_hi, wr + pw, T(0));
    }
    for (int64_t i = 0; i < d.KH; ++i) {
      for (int64_t j = 0; j < d.KW; ++j) {
        T* row = out + ((c * d.KH + i) * d.KW + j) * ld - p0;
        const T* src0 = win + (i * p.dh - ra) * pw + j * p.dw;  // (oh, ow)'s input at src0[oh*sh*pw + ow*sw]
        // segments of one output row each: [ow0, ow1) of row oh (only the first and last can be partial)
        for (int64_t q = p0, oh = oh_a, ow0 = p0 % d.OW; q < p1; ++oh, ow0 = 0) {
          const int64_t ow1 = std::min(d.OW, ow0 + (p1 - q));
          CopySegment(src0 + oh * p.sh * pw + ow0 * p.sw, p.sw, row + oh * d.OW + ow0, ow1 - ow0);
          q += ow1 - ow0;
        }
      }
    }
  }
}

// Columns per GEMM: a tile of the column matrix of about kColBytes stays in
// L2 between its im2col and the GEMM reading it; at least kMinTile columns,
// so that the GEMM's packing of the weight is amortised over 2*kMinTile
// flops per weight element.
constexpr int64_t kColBytes = int64_t(512) << 10, kMinTile = 256;

// `count` elements of scratch for the columns, from a 64-byte boundary: up
// to 64 MiB kept per thread between calls, so that a network's convolutions
// do not fault in fresh pages every time; a larger one in `big`, the
// caller's, freed when it returns.
template <class T>
T* ColumnScratch(std::vector<T>& big, size_t count) {
  static thread_local std::vector<T> kept;
  return AlignedScratch(count * sizeof(T) <= (size_t(64) << 20) ? kept : big, count);
}

// y[n0 + j, g] = w[g] @ columns of images n0 .. n0 + ipt - 1 (+ bias), for
// images with few positions (ConvImagesPerItem): per work item (ipt images,
// group), the images' columns side by side in one matrix (im2col, or a copy
// of the planes for a direct 1x1 conv), one GEMM into a buffer, whose rows
// are then scattered to each image's output with the bias added.
template <class T>
void conv_batched(const View4& x, const T* wm, const char* bd, int64_t bs, T* y, const ConvDims& d,
                  const sem::WindowParams& p, bool direct, int64_t ipt) {
  const int64_t P = d.P, K = d.K, Og = d.Og, groups = (d.N + ipt - 1) / ipt;
  auto run = [&](int64_t lo, int64_t hi) {
    // the columns [K, ld] and the GEMM's result [Og, ld]
    std::vector<T> big;
    const int64_t ld = OddLines<T>(ipt * P);
    T* const col = ColumnScratch<T>(big, size_t((K + Og) * ld));
    T* const out = col + K * ld;
    for (int64_t it = lo; it < hi; ++it) {
      const int64_t n0 = it / d.G * ipt, g = it % d.G, nb = std::min(ipt, d.N - n0), width = nb * P;
      for (int64_t j = 0; j < nb; ++j) {
        if (!direct) {
          Im2col<T>(x, d, p, n0 + j, g, 0, P, col + j * P, ld);
          continue;
        }
        for (int64_t c = 0; c < K; ++c)
          std::copy_n(reinterpret_cast<const T*>(x.data + sizeof(T) * ((n0 + j) * x.s[0] + (g * d.Cg + c) * x.s[1])),
                      P, col + c * ld + j * P);
      }
      gemm<T>(Og, width, K, wm + g * Og * K, K, col, ld, out, ld);
      for (int64_t o = 0; o < Og; ++o) {
        const T bv = bd ? *reinterpret_cast<const T*>(bd + sizeof(T) * (g * Og + o) * bs) : T(0);
        for (int64_t j = 0; j < nb; ++j) {
          const T* src = out + o * ld + j * P;
          T* dst = y + ((n0 + j) * d.O + g * Og + o) * P;
          for (int64_t q = 0; q < P; ++q) dst[q] = src[q] + bv;
        }
      }
    }
  };
  RunConvItems(groups * d.G, run);
}

// y[n, g] = w[g] @ columns (+ bias), as GEMMs over (batch item, group, tile
// of output positions) work items. When there are at least as many items as
// threads, the items run in parallel, each thread doing the im2col and a
// single-threaded GEMM of its own items: no hand-off between the pool and
// BLAS's threads per image, and the columns are read back from L2. Otherwise
// (one small image) the items run one after the other with BLAS's threads.
template <class T>
void conv_kernel(const View4& x, const View4& w, const ts_tensor* bias, T* y, const sem::WindowParams& p) {
  ConvDims d{};
  d.N = x.n[0], d.C = x.n[1], d.H = x.n[2], d.W = x.n[3];
  d.O = w.n[0], d.Cg = w.n[1], d.KH = w.n[2], d.KW = w.n[3];
  d.G = p.groups, d.Og = d.O / d.G;
  d.OH = sem::ConvOutSize(d.H, d.KH, p.sh, p.ph0, p.ph1, p.dh);
  d.OW = sem::ConvOutSize(d.W, d.KW, p.sw, p.pw0, p.pw1, p.dw);
  d.P = d.OH * d.OW, d.K = d.Cg * d.KH * d.KW;
  const int64_t P = d.P, K = d.K, Og = d.Og, O = d.O;
  if (d.N == 0 || O == 0 || P == 0) return;
  const char* bd = bias ? static_cast<const char*>(bias->data) : nullptr;
  const int64_t bs = bias && bias->ndim > 0 ? bias->strides[0] : 0;
  // the weight as a contiguous [O, K] matrix
  std::vector<T> wbuf;
  const T* wm = reinterpret_cast<const T*>(w.data);
  bool wcontig = w.s[3] == 1 && w.s[2] == d.KW && w.s[1] == d.KH * d.KW && w.s[0] == K;
  if (!wcontig && K > 0) {
    wbuf.resize(size_t(O * K));
    for (int64_t o = 0; o < O; ++o)
      for (int64_t c = 0; c < d.Cg; ++c)
        for (int64_t i = 0; i < d.KH; ++i)
          for (int64_t j = 0; j < d.KW; ++j)
            wbuf[size_t(((o * d.Cg + c) * d.KH + i) * d.KW + j)] = *reinterpret_cast<const T*>(
                w.data + sizeof(T) * (o * w.s[0] + c * w.s[1] + i * w.s[2] + j * w.s[3]));
    wm = wbuf.data();
  }
  if constexpr (std::is_same_v<T, float>) {
    if (K > 0 && WinogradApplies(d, p)) {  // 3x3 stride 1: 2.25x fewer flops (conv_winograd.h)
      ConvWinograd(x, wm, reinterpret_cast<const float*>(bd), bs, y, d, p);
      return;
    }
  }
  // 1x1, stride 1, no padding, contiguous planes: the input is the matrix
  const bool direct = d.KH == 1 && d.KW == 1 && p.sh == 1 && p.sw == 1 && p.ph0 == 0 && p.ph1 == 0 && p.pw0 == 0 &&
                      p.pw1 == 0 && x.s[3] == 1 && x.s[2] == d.W && (d.C == 1 || x.s[1] == d.H * d.W);
  if (const int64_t ipt = ConvImagesPerItem(d.N, P, kMinTile); ipt > 1 && K > 0) {
    conv_batched<T>(x, wm, bd, bs, y, d, p, direct, ipt);
    return;
  }
  // the work items: (n, g, tile) with `tiles` tiles of at most `tile` columns
  const int64_t fit = std::max(kMinTile, kColBytes / int64_t(sizeof(T) * std::max<int64_t>(K, 1)));
  const int64_t tiles = ConvTilesPerImage(d.N * d.G, P, direct ? P : fit, kMinTile / 4, num_threads());
  const int64_t tile = (P + tiles - 1) / tiles;
  auto run = [&](int64_t lo, int64_t hi) {
    // a tile's columns (rows OddLines(tile) apart)
    std::vector<T> big;
    const int64_t ld = OddLines<T>(tile);
    const size_t need = direct ? 0 : size_t(K * ld);
    T* const col = ColumnScratch<T>(big, need);
    for (int64_t it = lo; it < hi; ++it) {
      int64_t n = it / (d.G * tiles), g = it / tiles % d.G, p0 = it % tiles * tile, p1 = std::min(P, p0 + tile);
      if (p0 >= p1) continue;
      T* yb = y + (n * O + g * Og) * P + p0;
      if (K == 0) {
        for (int64_t o = 0; o < Og; ++o) std::fill(yb + o * P, yb + o * P + (p1 - p0), T(0));
      } else if (direct) {
        const T* xb = reinterpret_cast<const T*>(x.data + sizeof(T) * (n * x.s[0] + g * d.Cg * x.s[1]));
        gemm<T>(Og, p1 - p0, K, wm + g * Og * K, K, xb + p0, d.Cg == 1 ? P : x.s[1], yb, P);
      } else {
        Im2col<T>(x, d, p, n, g, p0, p1, col, ld);
        gemm<T>(Og, p1 - p0, K, wm + g * Og * K, K, col, ld, yb, P);
      }
      if (bd) {  // while the tile is in cache
        for (int64_t o = 0; o < Og; ++o) {
          T bv = *reinterpret_cast<const T*>(bd + sizeof(T) * (g * Og + o) * bs);
          T* row = yb + o * P;
          for (int64_t q = 0; q < p1 - p0; ++q) row[q] += bv;
        }
      }
    }
  };
  RunConvItems(d.N * d.G * tiles, run);
}

}  // namespace

void RunConvItems(int64_t items, const std::function<void(int64_t, int64_t)>& body) {
  if (num_threads() == 1 || items < num_threads()) {
    body(0, items);
    return;
  }
  SerialBlasScope serial;
  parallel_for(items, 1, body);
}

namespace {

void conv_abi(const ts_tensor& x, const ts_tensor& w, const ts_tensor* b, const ts_tensor& y, const int64_t* params) {
  sem::WindowParams p = sem::WindowParams::FromInts(params);
  View4 xv = FromAbi4(x), wv = FromAbi4(w);
  if (x.dtype == TS_DTYPE_F64) conv_kernel<double>(xv, wv, b, static_cast<double*>(y.data), p);
  else conv_kernel<float>(xv, wv, b, static_cast<float*>(y.data), p);
}

}  // namespace

// A Tensor seen as [N, C, H, W]: unit dims inserted for a 1-d op's H and an
// unbatched input's N (shared with pool.cpp).
ts_tensor AbiView4(const Tensor& t, int spatial) {
  ts_tensor a{};
  a.data = t.data_ptr();
  a.dtype = int32_t(t.dtype());
  a.ndim = 4;
  int r = t.dim();
  bool batched = r == spatial + 2;
  int k = 0;
  auto put = [&](int64_t size, int64_t stride) { a.sizes[k] = size, a.strides[k] = stride, ++k; };
  if (!batched) put(1, 0);
  for (int i = 0; i < r; ++i) {
    if (i == r - 1 && spatial == 1) put(1, 0);
    put(t.sizes()[i], t.strides()[i]);
  }
  return a;
}

void WindowOutOfMemory(const char* op) {
  std::fprintf(stderr, "error: out of memory in the %s kernel\n", op);
  std::exit(1);
}

Tensor conv(int spatial, const Tensor& x, const Tensor& w, const Tensor* bias, sem::WindowParams p) {
  std::vector<int64_t> bshape;
  if (bias) bshape = bias->sizes().vec();
  std::vector<int64_t> out;
  std::string err = sem::WindowShape(sem::WindowKind::Conv, spatial, x.sizes().vec(), w.sizes().vec(),
                                     bias ? &bshape : nullptr, p, &out);
  if (!err.empty()) throw TensorError(err);
  const char* name = sem::WindowOpName(sem::WindowKind::Conv, spatial);
  if (!is_floating(x.dtype()))
    throw TensorError(std::string(name) + ": only float32 and float64 inputs are supported, got " + dtype_name(x.dtype()));
  if (w.dtype() != x.dtype() || (bias && bias->dtype() != x.dtype()))
    throw TensorError(std::string(name) + ": input, weight and bias must have the same dtype, got " +
                      dtype_name(x.dtype()) + " and " + dtype_name(w.dtype() != x.dtype() ? w.dtype() : bias->dtype()));
  Tensor y = Tensor::empty(Dims(std::span<const int64_t>(out)), x.dtype());
  ts_tensor xa = AbiView4(x, spatial), wa = AbiView4(w, spatial), ya = AbiView4(y, spatial), ba{};
  if (bias) {
    ba.data = bias->data_ptr();
    ba.ndim = 1;
    ba.sizes[0] = bias->sizes()[0];
    ba.strides[0] = bias->strides()[0];
    ba.dtype = int32_t(bias->dtype());
  }
  std::vector<int64_t> ints = p.ToInts();
  conv_abi(xa, wa, bias ? &ba : nullptr, ya, ints.data());
  return y;
}

}  // namespace tcc::rt

extern "C" void ts_rt_conv(const ts_tensor* x, const ts_tensor* w, const ts_tensor* b, const ts_tensor* y,
                           const int64_t* params) {
  try {
    tcc::rt::conv_abi(*x, *w, b, *y, params);
  } catch (const std::exception&) {  // out of memory for the columns
    tcc::rt::WindowOutOfMemory("conv");
  }
}
