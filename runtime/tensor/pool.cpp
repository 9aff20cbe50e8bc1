// pool.cpp: implements max/avg/adaptive-avg pooling (1-d and 2-d) and
// constant/reflect/replicate padding, for the interpreter (rt::pool, rt::pad)
// and compiled kernels (ts_rt_pool, ts_rt_pad of the C ABI). Shapes and
// argument rules are lang/semantics/window.h's; values follow torch 1.13's CPU
// kernels (max: a NaN in the window wins; avg: torch's divisor with
// count_include_pad and ceil_mode windows clipped to the padded input).
#include <algorithm>
#include <limits>
#include <vector>

#include "tensor/abi.h"
#include "tensor/conv_view.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

// acc[t] = max(acc[t], src[t]) for t < n, a NaN in either winning (torch's
// max: once acc is NaN, nothing replaces it). Built for AVX-512 and AVX2 too.
TCC_WINDOW_CLONES void MaxInto(float* acc, const float* src, int64_t n) {
  for (int64_t t = 0; t < n; ++t) acc[t] = (src[t] > acc[t] || src[t] != src[t]) ? src[t] : acc[t];
}
TCC_WINDOW_CLONES void MaxInto(double* acc, const double* src, int64_t n) {
  for (int64_t t = 0; t < n; ++t) acc[t] = (src[t] > acc[t] || src[t] != src[t]) ? src[t] : acc[t];
}

// Max pooling of one plane, an output row at a time: each input row in the
// row's windows is copied once into its stride phases, -inf-padded
// (phase[r][t] = padded row[t * sw + r]), so that the window's column j
// reads phase[(j * dw) % sw] from (j * dw) / sw on for all ow at once: a
// vector max per (row, column) of the window, no bounds tests. (The
// element-by-element loop was an eighth of a ResNet-18 forward.)
template <class T>
void MaxPoolPlane(const T* in, int64_t xs2, int64_t xs3, int64_t H, int64_t W, int64_t OH, int64_t OW,
                  const sem::WindowParams& p, T* out, std::vector<T>& scratch) {
  const int64_t sw = p.sw, span = OW + ((p.kw - 1) * p.dw) / sw + 1;  // a phase's length
  scratch.resize(size_t(sw * span));
  T* phase = scratch.data();
  const T ninf = -std::numeric_limits<T>::infinity();
  for (int64_t oh = 0; oh < OH; ++oh) {
    T* acc = out + oh * OW;
    std::fill(acc, acc + OW, ninf);
    for (int64_t i = 0; i < p.kh; ++i) {
      const int64_t ih = oh * p.sh - p.ph0 + i * p.dh;
      if (ih < 0 || ih >= H) continue;
      const T* line = in + ih * xs2;
      for (int64_t r = 0; r < sw; ++r) {
        // phase r's entries inside the input: t in [t0, t1), iw = t * sw + r - pw0
        T* ph = phase + r * span;
        const int64_t t0 = std::min(span, std::max<int64_t>(0, (p.pw0 - r + sw - 1) / sw));
        const int64_t t1 = std::clamp<int64_t>((W + p.pw0 - r + sw - 1) / sw, t0, span);
        std::fill(ph, ph + t0, ninf);
        const T* src = line + (t0 * sw + r - p.pw0) * xs3;
        const int64_t step = sw * xs3;
        for (int64_t t = t0; t < t1; ++t) ph[t] = src[(t - t0) * step];
        std::fill(ph + t1, ph + span, ninf);
      }
      for (int64_t j = 0; j < p.kw; ++j) MaxInto(acc, phase + (j * p.dw) % sw * span + (j * p.dw) / sw, OW);
    }
  }
}

template <class T>
void pool_kernel(sem::WindowKind kind, const ts_tensor& x, T* y, const sem::WindowParams& p) {
  const int64_t N = x.sizes[0], C = x.sizes[1], H = x.sizes[2], W = x.sizes[3];
  const int64_t xs0 = x.strides[0], xs1 = x.strides[1], xs2 = x.strides[2], xs3 = x.strides[3];
  int64_t OH, OW;
  if (kind == sem::WindowKind::AdaptiveAvgPool) {
    OH = p.kh, OW = p.kw;
  } else {
    OH = sem::PoolOutSize(H, p.kh, p.sh, p.ph0, p.dh, p.ceil_mode != 0);
    OW = sem::PoolOutSize(W, p.kw, p.sw, p.pw0, p.dw, p.ceil_mode != 0);
  }
  const T* xd = static_cast<const T*>(x.data);
  int64_t planes = N * C, per = OH * OW;
  int64_t work = per * std::max<int64_t>(1, kind == sem::WindowKind::AdaptiveAvgPool ? 1 : p.kh * p.kw);
  parallel_for(planes, std::max<int64_t>(1, kGrainCheap / std::max<int64_t>(work, 1)), [&](int64_t lo, int64_t hi) {
    static thread_local std::vector<T> scratch;
    for (int64_t pl = lo; pl < hi; ++pl) {
      const T* in = xd + (pl / C) * xs0 + (pl % C) * xs1;
      T* out = y + pl * per;
      if (kind == sem::WindowKind::MaxPool) {
        MaxPoolPlane(in, xs2, xs3, H, W, OH, OW, p, out, scratch);
        continue;
      }
      for (int64_t oh = 0; oh < OH; ++oh) {  // average pooling
        for (int64_t ow = 0; ow < OW; ++ow) {
          int64_t h0, h1, w0, w1, div;
          if (kind == sem::WindowKind::AvgPool) {
            h0 = oh * p.sh - p.ph0, w0 = ow * p.sw - p.pw0;
            h1 = std::min(h0 + p.kh, H + p.ph1), w1 = std::min(w0 + p.kw, W + p.pw1);
            int64_t padded = (h1 - h0) * (w1 - w0);
            h0 = std::max<int64_t>(h0, 0), w0 = std::max<int64_t>(w0, 0);
            h1 = std::min(h1, H), w1 = std::min(w1, W);
            div = p.count_include_pad ? padded : (h1 - h0) * (w1 - w0);
          } else {
            h0 = sem::AdaptiveStart(oh, H, OH), h1 = sem::AdaptiveEnd(oh, H, OH);
            w0 = sem::AdaptiveStart(ow, W, OW), w1 = sem::AdaptiveEnd(ow, W, OW);
            div = (h1 - h0) * (w1 - w0);
          }
          T s = 0;
          for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw) s += in[ih * xs2 + iw * xs3];
          out[oh * OW + ow] = div > 0 ? T(s / T(div)) : std::numeric_limits<T>::quiet_NaN();
        }
      }
    }
  });
}

template <class T>
void pad_kernel(sem::PadMode mode, const ts_tensor& x, T* y, const int64_t* pad, int npad, T value) {
  int r = x.ndim;
  std::vector<std::vector<int64_t>> src(size_t(std::max(r, 1)));
  int64_t out_sizes[TS_MAX_DIMS];
  int64_t total = 1;
  for (int d = 0; d < r; ++d) {
    int k = r - 1 - d;  // pairs run from the last dim backwards
    int64_t lo = 2 * k + 1 < npad ? pad[2 * k] : 0, hi = 2 * k + 1 < npad ? pad[2 * k + 1] : 0;
    out_sizes[d] = x.sizes[d] + lo + hi;
    total *= out_sizes[d];
    for (int64_t o = 0; o < out_sizes[d]; ++o) src[size_t(d)].push_back(sem::PadSource(o, x.sizes[d], lo, mode));
  }
  if (total == 0) return;
  if (r == 0) {
    y[0] = *static_cast<const T*>(x.data);
    return;
  }
  const T* xd = static_cast<const T*>(x.data);
  int64_t inner = out_sizes[r - 1];
  int64_t rows = total / inner;
  const std::vector<int64_t>& last = src[size_t(r - 1)];
  int64_t ls = x.strides[r - 1];
  parallel_for(rows, std::max<int64_t>(1, kGrainCheap / std::max<int64_t>(inner, 1)), [&](int64_t lo, int64_t hi) {
    for (int64_t row = lo; row < hi; ++row) {
      int64_t rem = row, off = 0;
      bool fill = false;
      for (int d = r - 2; d >= 0; --d) {
        int64_t o = rem % out_sizes[d];
        rem /= out_sizes[d];
        int64_t s = src[size_t(d)][size_t(o)];
        if (s < 0) fill = true;
        else off += s * x.strides[d];
      }
      T* out = y + row * inner;
      if (fill) {
        std::fill(out, out + inner, value);
        continue;
      }
      for (int64_t o = 0; o < inner; ++o) out[o] = last[size_t(o)] < 0 ? value : xd[off + last[size_t(o)] * ls];
    }
  });
}

void pool_abi(int32_t kind, const ts_tensor& x, const ts_tensor& y, const int64_t* params) {
  sem::WindowParams p = sem::WindowParams::FromInts(params);
  auto k = static_cast<sem::WindowKind>(kind);
  if (x.dtype == TS_DTYPE_F64) pool_kernel<double>(k, x, static_cast<double*>(y.data), p);
  else pool_kernel<float>(k, x, static_cast<float*>(y.data), p);
}

void pad_abi(int32_t mode, const ts_tensor& x, const ts_tensor& y, const int64_t* pad, int32_t npad, double value) {
  auto m = static_cast<sem::PadMode>(mode);
  dispatch(DType(x.dtype), [&](auto tag) {
    using T = typename decltype(tag)::type;
    pad_kernel<T>(m, x, static_cast<T*>(y.data), pad, npad, cast<T>(value));
  });
}

}  // namespace

Tensor pool(sem::WindowKind kind, int spatial, const Tensor& x, sem::WindowParams p) {
  std::vector<int64_t> out;
  std::string err = sem::WindowShape(kind, spatial, x.sizes().vec(), {}, nullptr, p, &out);
  if (!err.empty()) throw TensorError(err);
  if (!is_floating(x.dtype()))
    throw TensorError(std::string(sem::WindowOpName(kind, spatial)) + ": only float32 and float64 inputs are supported, got " +
                      dtype_name(x.dtype()));
  Tensor y = Tensor::empty(Dims(std::span<const int64_t>(out)), x.dtype());
  if (y.numel() == 0) return y;
  std::vector<int64_t> ints = p.ToInts();
  pool_abi(int32_t(kind), AbiView4(x, spatial), AbiView4(y, spatial), ints.data());
  return y;
}

Tensor pad(const Tensor& x, std::span<const int64_t> pads, sem::PadMode mode, double value) {
  std::vector<int64_t> p(pads.begin(), pads.end()), out;
  std::string err = sem::PadShape(x.sizes().vec(), p, mode, &out);
  if (!err.empty()) throw TensorError(err);
  Tensor y = Tensor::empty(Dims(std::span<const int64_t>(out)), x.dtype());
  ts_tensor xa = ToAbi(x), ya = ToAbi(y);
  pad_abi(int32_t(mode), xa, ya, p.data(), int32_t(p.size()), value);
  return y;
}

}  // namespace tcc::rt

extern "C" void ts_rt_pool(int32_t kind, const ts_tensor* x, const ts_tensor* y, const int64_t* params) {
  tcc::rt::pool_abi(kind, *x, *y, params);
}

extern "C" void ts_rt_pad(int32_t mode, const ts_tensor* x, const ts_tensor* y, const int64_t* pad, int32_t npad,
                          double value) {
  try {
    tcc::rt::pad_abi(mode, *x, *y, pad, npad, value);
  } catch (const std::exception&) {
    tcc::rt::WindowOutOfMemory("pad");
  }
}
