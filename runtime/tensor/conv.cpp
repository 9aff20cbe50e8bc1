// conv.cpp: implements convolution (conv1d/conv2d: stride, padding,
// dilation, groups, bias) as im2col + BLAS gemm (tensor/blas.h), for the
// interpreter (rt::conv) and for compiled kernels (ts_rt_conv of the C ABI).
//
// Per batch item and group: the input patches become the columns of a
// [C/g * KH * KW, OH * OW] matrix (a 1x1, stride-1, unpadded conv reads the
// input plane itself), and y[n, group] = w[group] @ columns, then + bias.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "tensor/blas.h"
#include "tensor/conv_view.h"
#include "tensor/internal.h"
#include "ts_runtime.h"

namespace tcc::rt {
using namespace detail;

namespace {

// A [N, C, H, W] strided view (sizes/strides in elements).
struct View4 {
  char* data;
  int64_t n[4];
  int64_t s[4];
};

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

template <class T>
void conv_kernel(const View4& x, const View4& w, const ts_tensor* bias, T* y, const sem::WindowParams& p) {
  const int64_t N = x.n[0], C = x.n[1], H = x.n[2], W = x.n[3];
  const int64_t O = w.n[0], Cg = w.n[1], KH = w.n[2], KW = w.n[3];
  const int64_t G = p.groups, Og = O / G;
  const int64_t OH = sem::ConvOutSize(H, KH, p.sh, p.ph0, p.ph1, p.dh);
  const int64_t OW = sem::ConvOutSize(W, KW, p.sw, p.pw0, p.pw1, p.dw);
  const int64_t P = OH * OW, K = Cg * KH * KW;
  if (N == 0 || O == 0 || P == 0) return;
  if (K == 0) {
    std::fill(y, y + N * O * P, T(0));
  } else {
    // the weight as a contiguous [O, K] matrix
    std::vector<T> wbuf;
    const T* wm = reinterpret_cast<const T*>(w.data);
    bool wcontig = w.s[3] == 1 && w.s[2] == KW && w.s[1] == KH * KW && w.s[0] == K;
    if (!wcontig) {
      wbuf.resize(size_t(O * K));
      for (int64_t o = 0; o < O; ++o)
        for (int64_t c = 0; c < Cg; ++c)
          for (int64_t i = 0; i < KH; ++i)
            for (int64_t j = 0; j < KW; ++j)
              wbuf[size_t(((o * Cg + c) * KH + i) * KW + j)] =
                  *reinterpret_cast<const T*>(w.data + sizeof(T) * (o * w.s[0] + c * w.s[1] + i * w.s[2] + j * w.s[3]));
      wm = wbuf.data();
    }
    // 1x1, stride 1, no padding, contiguous planes: the input is the matrix
    bool direct = KH == 1 && KW == 1 && p.sh == 1 && p.sw == 1 && p.ph0 == 0 && p.ph1 == 0 && p.pw0 == 0 &&
                  p.pw1 == 0 && x.s[3] == 1 && x.s[2] == W && (C == 1 || x.s[1] == H * W);
    // the columns of one (batch item, group); up to 64 MiB kept per thread
    // between calls, so that a network's convolutions do not fault in fresh
    // pages every time
    static thread_local std::vector<T> kept;
    std::vector<T> big;
    size_t need = direct ? 0 : size_t(K * P);
    bool keep = need * sizeof(T) <= (size_t(64) << 20);
    std::vector<T>& col = keep ? kept : big;
    if (col.size() < need) col.resize(need);
    for (int64_t n = 0; n < N; ++n) {
      for (int64_t g = 0; g < G; ++g) {
        const T* cols;
        int64_t ldb = P;
        if (direct) {
          cols = reinterpret_cast<const T*>(x.data + sizeof(T) * (n * x.s[0] + g * Cg * x.s[1]));
          ldb = Cg == 1 ? P : x.s[1];
        } else {
          // im2col: row (c, i, j) holds x[n, g*Cg + c, oh*sh - ph0 + i*dh, ow*sw - pw0 + j*dw] (0 outside)
          T* cb = col.data();
          parallel_for(K, std::max<int64_t>(1, kGrainCheap / std::max<int64_t>(P, 1)), [&](int64_t lo, int64_t hi) {
            for (int64_t r = lo; r < hi; ++r) {
              int64_t c = r / (KH * KW), i = (r / KW) % KH, j = r % KW;
              const char* plane = x.data + sizeof(T) * (n * x.s[0] + (g * Cg + c) * x.s[1]);
              T* row = cb + r * P;
              for (int64_t oh = 0; oh < OH; ++oh) {
                int64_t ih = oh * p.sh - p.ph0 + i * p.dh;
                T* out = row + oh * OW;
                if (ih < 0 || ih >= H) {
                  std::fill(out, out + OW, T(0));
                  continue;
                }
                const char* line = plane + sizeof(T) * ih * x.s[2];
                int64_t iw0 = -p.pw0 + j * p.dw;
                for (int64_t ow = 0; ow < OW; ++ow) {
                  int64_t iw = iw0 + ow * p.sw;
                  out[ow] = (iw >= 0 && iw < W) ? *reinterpret_cast<const T*>(line + sizeof(T) * iw * x.s[3]) : T(0);
                }
              }
            }
          });
          cols = cb;
        }
        gemm<T>(Og, P, K, wm + g * Og * K, K, cols, ldb, y + (n * O + g * Og) * P, P);
      }
    }
  }
  if (bias) {
    const char* bd = static_cast<const char*>(bias->data);
    int64_t bs = bias->ndim > 0 ? bias->strides[0] : 0;
    parallel_for(N * O, std::max<int64_t>(1, kGrainCheap / std::max<int64_t>(P, 1)), [&](int64_t lo, int64_t hi) {
      for (int64_t r = lo; r < hi; ++r) {
        T bv = *reinterpret_cast<const T*>(bd + sizeof(T) * (r % O) * bs);
        T* out = y + r * P;
        for (int64_t q = 0; q < P; ++q) out[q] += bv;
      }
    });
  }
}

void conv_abi(const ts_tensor& x, const ts_tensor& w, const ts_tensor* b, const ts_tensor& y, const int64_t* params) {
  sem::WindowParams p = sem::WindowParams::FromInts(params);
  View4 xv = FromAbi4(x), wv = FromAbi4(w);
  if (x.dtype == TS_FLOAT64) conv_kernel<double>(xv, wv, b, static_cast<double*>(y.data), p);
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
