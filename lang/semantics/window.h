// The shape rules of torch's sliding-window operations (conv1d/conv2d,
// max/avg pooling, adaptive average pooling) and of constant/reflect/
// replicate padding, in one place: the tracer's shape rule, the graph
// verifier, the interpreter and the runtime kernels all call these.
//
// Every op works on an [N, C, H, W] view: a 1-d op (conv1d, *_pool1d) has
// H = 1 with a unit window along it, and an unbatched input ([C, H, W] or
// [C, L]) has N = 1. WindowParams holds the normalised arguments the stdlib
// wrappers (stdlib/nn.ts) pass to the builtins `_conv`, `_max_pool`,
// `_avg_pool` and `_adaptive_avg_pool`; it is also the int64 parameter array
// of the runtime ABI (ts_runtime.h, TS_WIN_*), in the order of its fields.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tcc::sem {

enum class WindowKind : int32_t { Conv = 0, MaxPool = 1, AvgPool = 2, AdaptiveAvgPool = 3 };

struct WindowParams {
  int64_t kh = 1, kw = 1;            // kernel (conv: from the weight; adaptive: the output size)
  int64_t sh = 1, sw = 1;            // stride
  int64_t ph0 = 0, ph1 = 0;          // padding before/after along H
  int64_t pw0 = 0, pw1 = 0;          // ... along W
  int64_t dh = 1, dw = 1;            // dilation
  int64_t groups = 1;                // conv only
  int64_t ceil_mode = 0;             // pooling
  int64_t count_include_pad = 1;     // avg pooling
  static constexpr int kCount = 13;  // number of int64 fields (the ABI array's length)

  std::vector<int64_t> ToInts() const { return {kh, kw, sh, sw, ph0, ph1, pw0, pw1, dh, dw, groups, ceil_mode, count_include_pad}; }
  static WindowParams FromInts(const int64_t* p) {
    WindowParams w;
    w.kh = p[0], w.kw = p[1], w.sh = p[2], w.sw = p[3], w.ph0 = p[4], w.ph1 = p[5], w.pw0 = p[6], w.pw1 = p[7];
    w.dh = p[8], w.dw = p[9], w.groups = p[10], w.ceil_mode = p[11], w.count_include_pad = p[12];
    return w;
  }
};

inline const char* WindowOpName(WindowKind k, int spatial) {
  switch (k) {
    case WindowKind::Conv: return spatial == 1 ? "conv1d" : "conv2d";
    case WindowKind::MaxPool: return spatial == 1 ? "max_pool1d" : "max_pool2d";
    case WindowKind::AvgPool: return spatial == 1 ? "avg_pool1d" : "avg_pool2d";
    case WindowKind::AdaptiveAvgPool: return spatial == 1 ? "adaptive_avg_pool1d" : "adaptive_avg_pool2d";
  }
  return "?";
}

// WindowParams from the builtins' normalised arguments (stdlib/nn.ts passes
// them): lists of `spatial` ints, except conv's `padding`, which holds a
// (before, after) pair per spatial dim; pooling's `stride` may be empty (=
// the kernel size, torch's default). `kernel` is empty for conv (the weight
// gives it) and is the output size for adaptive pooling. Sets *spatial.
inline std::string MakeWindowParams(WindowKind kind, const std::vector<int64_t>& kernel,
                                    const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                                    const std::vector<int64_t>& dilation, int64_t groups, bool ceil_mode,
                                    bool count_include_pad, int* spatial, WindowParams* p) {
  size_t n = kind == WindowKind::Conv ? stride.size() : kernel.size();
  if (n != 1 && n != 2) return "window arguments must have 1 or 2 entries, got " + std::to_string(n);
  std::vector<int64_t> st = stride.empty() && kind != WindowKind::Conv ? kernel : stride;
  bool pairs = kind == WindowKind::Conv;
  if (kind != WindowKind::AdaptiveAvgPool) {
    if (st.size() != n || padding.size() != (pairs ? 2 * n : n) ||
        (kind != WindowKind::AvgPool && dilation.size() != n))
      return "window arguments must all have " + std::to_string(n) + " entries";
  }
  WindowParams w;
  auto at = [&](const std::vector<int64_t>& v, size_t i, int64_t dflt) { return i < v.size() ? v[i] : dflt; };
  size_t h = n == 2 ? 0 : 99, x = n - 1;  // index of H (none for 1-d) and W in the lists
  if (kind != WindowKind::Conv) w.kh = at(kernel, h, 1), w.kw = kernel[x];
  if (kind != WindowKind::AdaptiveAvgPool) {
    w.sh = at(st, h, 1), w.sw = st[x];
    if (pairs) w.ph0 = n == 2 ? padding[0] : 0, w.ph1 = n == 2 ? padding[1] : 0, w.pw0 = padding[2 * x], w.pw1 = padding[2 * x + 1];
    else w.ph0 = w.ph1 = at(padding, h, 0), w.pw0 = w.pw1 = padding[x];
    if (kind != WindowKind::AvgPool) w.dh = at(dilation, h, 1), w.dw = dilation[x];
  }
  w.groups = groups;
  w.ceil_mode = ceil_mode;
  w.count_include_pad = count_include_pad;
  *spatial = static_cast<int>(n);
  *p = w;
  return "";
}

// Floor division (torch's div_rtn) for the size formulas.
inline int64_t FloorDivI(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// torch's conv output size: (in + pads - dil*(k-1) - 1) / stride + 1.
inline int64_t ConvOutSize(int64_t in, int64_t k, int64_t s, int64_t p0, int64_t p1, int64_t d) {
  return FloorDivI(in + p0 + p1 - d * (k - 1) - 1, s) + 1;
}
// torch's pooling_output_shape (ceil_mode: the last window must start inside
// the input or its left padding).
inline int64_t PoolOutSize(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  int64_t out = FloorDivI(in + 2 * p - d * (k - 1) - 1 + (ceil_mode ? s - 1 : 0), s) + 1;
  if (ceil_mode && (out - 1) * s >= in + p) --out;
  return out;
}
// Adaptive pooling: output cell o of `out` covers input [start, end).
inline int64_t AdaptiveStart(int64_t o, int64_t in, int64_t out) { return (o * in) / out; }
inline int64_t AdaptiveEnd(int64_t o, int64_t in, int64_t out) { return ((o + 1) * in + out - 1) / out; }

inline std::string ShapeText(const std::vector<int64_t>& s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + "]";
}

// The output shape of a window op on input shape `x` with `spatial` (1 or 2)
// spatial dims; for Conv `w` is the weight's shape and `bias` the bias's
// (empty: no bias). Returns "" and sets *out, or torch's error message.
// For Conv, p.kh/p.kw are taken from the weight (the caller need not set them).
inline std::string WindowShape(WindowKind kind, int spatial, const std::vector<int64_t>& x,
                               const std::vector<int64_t>& w, const std::vector<int64_t>* bias, WindowParams& p,
                               std::vector<int64_t>* out) {
  const char* name = WindowOpName(kind, spatial);
  int r = static_cast<int>(x.size());
  if (spatial != 1 && spatial != 2) return std::string(name) + ": only 1-d and 2-d windows are supported";
  if (r != spatial + 1 && r != spatial + 2)
    return "Expected " + std::to_string(spatial + 1) + "D (unbatched) or " + std::to_string(spatial + 2) +
           "D (batched) input to " + name + ", but got input of size: " + ShapeText(x);
  bool batched = r == spatial + 2;
  int64_t c = x[batched ? 1 : 0];
  int64_t h = spatial == 2 ? x[r - 2] : 1, wd = x[r - 1];
  std::vector<int64_t> res(x.begin(), x.end() - spatial);
  for (int64_t v : {p.sh, p.sw})
    if (v <= 0) return std::string(name) + ": stride should be greater than zero, but got stride=" + std::to_string(v);
  for (int64_t v : {p.dh, p.dw})
    if (v <= 0) return std::string(name) + ": dilation should be greater than zero, but got dilation=" + std::to_string(v);
  for (int64_t v : {p.ph0, p.ph1, p.pw0, p.pw1})
    if (v < 0) return std::string(name) + ": negative padding is not supported, got padding=" + std::to_string(v);
  int64_t oh = 1, ow = 1;
  switch (kind) {
    case WindowKind::Conv: {
      if (static_cast<int>(w.size()) != spatial + 2)
        return "Expected " + std::to_string(spatial + 2) + "-dimensional weight for " + name +
               ", but got weight of size " + ShapeText(w);
      if (p.groups <= 0) return "non-positive groups is not supported";
      int64_t o = w[0];
      if (o % p.groups != 0)
        return "Given groups=" + std::to_string(p.groups) + ", expected weight to be divisible by " +
               std::to_string(p.groups) + " at dimension 0, but got weight of size " + ShapeText(w) + " instead";
      if (w[1] * p.groups != c)
        return "Given groups=" + std::to_string(p.groups) + ", weight of size " + ShapeText(w) + ", expected input" +
               ShapeText(x) + " to have " + std::to_string(w[1] * p.groups) + " channels, but got " +
               std::to_string(c) + " channels instead";
      if (bias && !(bias->size() == 1 && (*bias)[0] == o))
        return "Given weight of size " + ShapeText(w) + ", expected bias to be 1-dimensional with " +
               std::to_string(o) + " elements, but got bias of size " + ShapeText(*bias) + " instead";
      p.kh = spatial == 2 ? w[2] : 1;
      p.kw = w.back();
      int64_t eh = h + p.ph0 + p.ph1, ew = wd + p.pw0 + p.pw1;
      if (eh < p.dh * (p.kh - 1) + 1 || ew < p.dw * (p.kw - 1) + 1)
        return "Calculated padded input size per channel: (" + (spatial == 2 ? std::to_string(eh) + " x " : "") +
               std::to_string(ew) + "). Kernel size: (" + (spatial == 2 ? std::to_string(p.dh * (p.kh - 1) + 1) + " x " : "") +
               std::to_string(p.dw * (p.kw - 1) + 1) + "). Kernel size can't be greater than actual input size";
      oh = ConvOutSize(h, p.kh, p.sh, p.ph0, p.ph1, p.dh);
      ow = ConvOutSize(wd, p.kw, p.sw, p.pw0, p.pw1, p.dw);
      res[batched ? 1 : 0] = o;
      break;
    }
    case WindowKind::MaxPool:
    case WindowKind::AvgPool: {
      if (p.kh <= 0 || p.kw <= 0)
        return std::string(name) + ": kernel_size should be greater than zero, but got kernel_size=" +
               std::to_string(p.kh <= 0 ? p.kh : p.kw);
      if (p.ph0 != p.ph1 || p.pw0 != p.pw1) return std::string(name) + ": padding must be symmetric";
      if (p.ph0 * 2 > p.kh || p.pw0 * 2 > p.kw)
        return std::string(name) + ": pad should be at most half of kernel size, but got pad=" +
               std::to_string(p.ph0 * 2 > p.kh ? p.ph0 : p.pw0) + " and kernel_size=" +
               std::to_string(p.ph0 * 2 > p.kh ? p.kh : p.kw);
      oh = PoolOutSize(h, p.kh, p.sh, p.ph0, p.dh, p.ceil_mode != 0);
      ow = PoolOutSize(wd, p.kw, p.sw, p.pw0, p.dw, p.ceil_mode != 0);
      if (oh <= 0 || ow <= 0)
        return "Given input size: (" + std::to_string(c) + "x" + std::to_string(h) + "x" + std::to_string(wd) +
               "). Calculated output size: (" + std::to_string(c) + "x" + std::to_string(oh) + "x" +
               std::to_string(ow) + "). Output size is too small";
      break;
    }
    case WindowKind::AdaptiveAvgPool:
      if (p.kh <= 0 || p.kw <= 0) return std::string(name) + ": output_size must be positive";
      for (size_t i = batched ? 1 : 0; i < x.size(); ++i)
        if (x[i] == 0)
          return std::string(name) + "(): Expected input to have non-zero size for non-batch dimensions, but input has sizes " +
                 ShapeText(x) + " with dimension " + std::to_string(i) + " being empty";
      oh = p.kh, ow = p.kw;
      break;
  }
  if (spatial == 2) res.push_back(oh);
  res.push_back(ow);
  *out = res;
  return "";
}

// Padding (torch.nn.functional.pad): `pad` lists (before, after) pairs from
// the last dim backwards. mode 0 constant (negative pads crop), 1 reflect,
// 2 replicate (these two: non-negative pads, the last 1-3 dims of a 2-4-d
// input; reflect needs pad < the dim's size).
enum class PadMode : int32_t { Constant = 0, Reflect = 1, Replicate = 2 };

// "constant" / "reflect" / "replicate"; false for anything else.
inline bool PadModeFromName(const std::string& name, PadMode* m) {
  if (name == "constant") *m = PadMode::Constant;
  else if (name == "reflect") *m = PadMode::Reflect;
  else if (name == "replicate") *m = PadMode::Replicate;
  else return false;
  return true;
}

inline std::string PadShape(const std::vector<int64_t>& x, const std::vector<int64_t>& pad, PadMode mode,
                            std::vector<int64_t>* out) {
  if (pad.size() % 2 != 0) return "Padding length must be divisible by 2";
  size_t n = pad.size() / 2;
  if (n > x.size()) return "Padding length too large";
  if (mode != PadMode::Constant) {
    const char* m = mode == PadMode::Reflect ? "reflect" : "replicate";
    if (n < 1 || n > 3 || x.size() < n + 1 || x.size() > n + 2)
      return std::string("Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now; ") + m +
             " pads the last 1-3 dims of a 2-4-d input, got input " + ShapeText(x) + " with pad of length " +
             std::to_string(pad.size());
    for (int64_t v : pad)
      if (v < 0) return std::string(m) + " padding does not support negative padding";
  }
  std::vector<int64_t> res = x;
  for (size_t i = 0; i < n; ++i) {
    size_t d = x.size() - 1 - i;
    int64_t lo = pad[2 * i], hi = pad[2 * i + 1];
    if (mode == PadMode::Reflect && (lo >= x[d] || hi >= x[d]))
      return "Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (" +
             std::to_string(lo) + ", " + std::to_string(hi) + ") at dimension " + std::to_string(d) + " of input " +
             ShapeText(x);
    if (mode == PadMode::Replicate && x[d] == 0 && (lo > 0 || hi > 0))
      return "replicate padding of an empty dimension";
    res[d] = x[d] + lo + hi;
    if (res[d] < 0)
      return "The input size " + std::to_string(x[d]) + ", plus negative padding " + std::to_string(lo) + " and " +
             std::to_string(hi) + " resulted in a negative output size, which is invalid. Check dimension " +
             std::to_string(d) + " of your input.";
  }
  *out = res;
  return "";
}

// The input index output index o of a padded dim reads (-1: the pad value).
inline int64_t PadSource(int64_t o, int64_t size, int64_t lo, PadMode mode) {
  int64_t i = o - lo;
  switch (mode) {
    case PadMode::Constant: return (i >= 0 && i < size) ? i : -1;
    case PadMode::Reflect:
      if (i < 0) i = -i;
      if (i >= size) i = 2 * (size - 1) - i;
      return i;
    case PadMode::Replicate: return i < 0 ? 0 : i >= size ? size - 1 : i;
  }
  return -1;
}

}  // namespace tcc::sem
