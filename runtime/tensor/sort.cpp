// sort.cpp: the one implementation of sort / argsort / topk and of scatter /
// scatter_add / scatter(reduce=...) / scatter_reduce / index_reduce (every
// mode of lang/semantics/scatter_modes.def), shared by the interpreter (rt::sort,
// rt::argsort, rt::scatter) and by compiled kernels (ts_rt_argsort,
// ts_rt_scatter of the C ABI, called for the graph ops `sort` and `scatter`).
// Both work on strided ts_tensor views, so a kernel passes its buffers as
// they are and the interpreter its tensors (ToAbi).
//
// Order: ascending or descending by value with NaN the largest (torch); equal
// values keep their positions' order (stable), also for topk, which selects
// the first k of that order.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <type_traits>
#include <vector>

#include "semantics/scatter.h"
#include "tensor/abi.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

// A 0-d view seen as [1].
ts_tensor AtLeast1d(ts_tensor t) {
  if (t.ndim == 0) {
    t.ndim = 1;
    t.sizes[0] = 1;
    t.strides[0] = 1;
  }
  return t;
}

// Calls f(outer_offset_in_x, outer_offset_in_y) for every position of the dims
// other than `axis` of `shape` (row-major).
template <class F> void ForEachLine(const ts_tensor& shape, int axis, const int64_t* xs, const int64_t* ys, F&& f) {
  int64_t n = 1;
  for (int d = 0; d < shape.ndim; ++d)
    if (d != axis) n *= shape.sizes[d];
  int64_t coord[TS_MAX_DIMS] = {};
  for (int64_t line = 0; line < n; ++line) {
    int64_t rest = line, ox = 0, oy = 0;
    for (int d = shape.ndim - 1; d >= 0; --d) {
      if (d == axis) continue;
      coord[d] = rest % shape.sizes[d];
      rest /= shape.sizes[d];
      ox += coord[d] * xs[d];
      oy += coord[d] * ys[d];
    }
    f(ox, oy);
  }
}

int64_t IndexAt(const ts_tensor& ix, int64_t off) {
  if (ix.dtype == TS_DTYPE_I32) return static_cast<const int32_t*>(ix.data)[off];
  return static_cast<const int64_t*>(ix.data)[off];
}

}  // namespace

void argsort_abi(const ts_tensor& x0, const ts_tensor& out0, int axis, bool descending) {
  ts_tensor x = AtLeast1d(x0), out = AtLeast1d(out0);
  int64_t size = x.sizes[axis], keep = out.sizes[axis];
  if (size == 0 || keep == 0) return;
  std::vector<int64_t> order(size);
  dispatch(DType(x.dtype), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data);
    int64_t* op = static_cast<int64_t*>(out.data);
    int64_t sx = x.strides[axis], so = out.strides[axis];
    ForEachLine(x, axis, x.strides, out.strides, [&](int64_t ox, int64_t oo) {
      const T* row = xp + ox;
      auto val_less = [&](int64_t a, int64_t b) {
        T va = row[a * sx], vb = row[b * sx];
        if constexpr (std::is_floating_point_v<T>) {
          if (std::isnan(va) || std::isnan(vb)) return !std::isnan(va) && std::isnan(vb);
        }
        return va < vb;
      };
      // ties by position: the order of a stable sort, also for a partial one
      auto before = [&](int64_t a, int64_t b) {
        bool lt = descending ? val_less(b, a) : val_less(a, b);
        if (lt) return true;
        bool gt = descending ? val_less(a, b) : val_less(b, a);
        return !gt && a < b;
      };
      std::iota(order.begin(), order.end(), 0);
      if (keep < size) std::partial_sort(order.begin(), order.begin() + keep, order.end(), before);
      else std::sort(order.begin(), order.end(), before);
      for (int64_t j = 0; j < keep; ++j) op[oo + j * so] = order[j];
    });
  });
}

// One update of a scatter: y's value and src's under mode (Assign: src's).
template <class T>
T ScatterCombine(sem::ScatterMode m, T y, T v) {
  switch (m) {
    case sem::ScatterMode::Assign: return v;
    case sem::ScatterMode::Add:
    case sem::ScatterMode::Mean:
      if constexpr (std::is_same_v<T, bool>) return y || v;
      else return T(y + v);
    case sem::ScatterMode::Multiply:
      if constexpr (std::is_same_v<T, bool>) return y && v;
      else return T(y * v);
    case sem::ScatterMode::Max:
      if constexpr (std::is_floating_point_v<T>) return (v > y || std::isnan(v)) && !std::isnan(y) ? v : y;
      else return v > y ? v : y;
    case sem::ScatterMode::Min:
      if constexpr (std::is_floating_point_v<T>) return (v < y || std::isnan(v)) && !std::isnan(y) ? v : y;
      else return v < y ? v : y;
  }
  return v;
}

int64_t scatter_abi(const ts_tensor& src_x, const ts_tensor& index0, const ts_tensor* src0, const ts_tensor& y0,
                    int axis, int mode, bool include_self, int64_t* bad_index) {
  // y = x, then the updates (y is contiguous, with x's shape)
  ts_tensor x = AtLeast1d(src_x), y = AtLeast1d(y0), index = AtLeast1d(index0);
  int64_t n = 1;
  for (int d = 0; d < x.ndim; ++d) n *= x.sizes[d];
  int64_t in = 1;
  for (int d = 0; d < index.ndim; ++d) in *= index.sizes[d];
  bool scalar_src = !src0 || src0->ndim == 0;
  ts_tensor src = src0 ? AtLeast1d(*src0) : ts_tensor{};
  int64_t size = x.sizes[axis];
  int64_t bad = 0;
  const auto m = static_cast<sem::ScatterMode>(mode);
  // how many src values each position of y received: for a mean, and to
  // replace (not combine with) x's value at a position's first update when
  // include_self is false
  const bool counted = m == sem::ScatterMode::Mean || !include_self;
  std::vector<int64_t> count(counted ? static_cast<size_t>(n) : 0, 0);
  dispatch(DType(x.dtype), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data);
    T* yp = static_cast<T*>(y.data);
    int64_t coord[TS_MAX_DIMS] = {};
    for (int64_t f = 0; f < n; ++f) {
      int64_t rest = f, o = 0;
      for (int d = x.ndim - 1; d >= 0; --d) {
        int64_t c = rest % x.sizes[d];
        rest /= x.sizes[d];
        o += c * x.strides[d];
      }
      yp[f] = xp[o];
    }
    const T* sp = src0 ? static_cast<const T*>(src.data) : nullptr;
    for (int64_t f = 0; f < in; ++f) {
      int64_t rest = f, oi = 0, os = 0;
      for (int d = index.ndim - 1; d >= 0; --d) {
        coord[d] = rest % index.sizes[d];
        rest /= index.sizes[d];
        oi += coord[d] * index.strides[d];
        if (!scalar_src) os += coord[d] * src.strides[d];
      }
      int64_t p = IndexAt(index, oi);
      if (p < 0 || p >= size) {
        if (!bad) bad = 1, *bad_index = p;
        continue;
      }
      int64_t oy = 0, stride = 1;
      for (int d = y.ndim - 1; d >= 0; --d) {
        oy += (d == axis ? p : coord[d]) * stride;
        stride *= y.sizes[d];
      }
      T v = sp ? sp[scalar_src ? 0 : os] : T{};
      if (counted && count[static_cast<size_t>(oy)]++ == 0 && !include_self) {
        yp[oy] = v;  // x's value is not part of the reduction
        continue;
      }
      yp[oy] = ScatterCombine(m, yp[oy], v);
    }
    if (m != sem::ScatterMode::Mean) return;
    for (int64_t f = 0; f < n; ++f) {
      int64_t c = count[static_cast<size_t>(f)] + (include_self ? 1 : 0);
      if (count[static_cast<size_t>(f)] == 0 || c == 1) continue;
      if constexpr (std::is_same_v<T, bool>) {
        continue;  // bools: the sum (any) stands
      } else if constexpr (std::is_integral_v<T>) {
        T q = T(yp[f] / c);
        yp[f] = (q * c != yp[f] && yp[f] < 0) ? T(q - 1) : q;  // floor (c > 0), as torch
      } else {
        yp[f] = T(yp[f] / T(c));
      }
    }
  });
  return bad;
}

Tensor argsort(const Tensor& x, int64_t dim, bool descending, int64_t k) {
  int r = std::max(x.dim(), 1);
  const char* what = k < 0 ? "sort" : "topk";
  if (dim < -r || dim >= r)
    throw TensorError(std::string(what) + ": dimension " + std::to_string(dim) + " is out of range for a tensor of " +
                      std::to_string(x.dim()) + " dimensions");
  int64_t ax = dim < 0 ? dim + r : dim;
  int64_t size = x.dim() ? x.sizes()[int(ax)] : 1;
  if (k > size) throw TensorError("topk: k (" + std::to_string(k) + ") is out of range for the dimension size " + std::to_string(size));
  Dims osz = x.sizes();
  if (x.dim()) osz[int(ax)] = k < 0 ? size : k;
  Tensor idx = Tensor::empty(osz, DType::I64);
  argsort_abi(ToAbi(x), ToAbi(idx), int(ax), descending);
  return idx;
}

std::pair<Tensor, Tensor> sort(const Tensor& x, int64_t dim, bool descending, int64_t k) {
  Tensor idx = argsort(x, dim, descending, k);
  if (x.dim() == 0) return {clone(x), idx};
  return {gather(x, dim, idx), idx};
}

Tensor scatter(const Tensor& x, int64_t dim, const Tensor& index, const TensorOrScalar& src, sem::ScatterMode mode,
               bool include_self, const char* what) {
  if (index.dtype() != DType::I64 && index.dtype() != DType::I32)
    throw TensorError(std::string(what) + ": the index must be an int64 tensor, not " + dtype_name(index.dtype()));
  int xr = std::max(x.dim(), 1), ir = std::max(index.dim(), 1);
  if (dim < -xr || dim >= xr)
    throw TensorError(std::string(what) + ": dimension " + std::to_string(dim) + " is out of range for a tensor of " +
                      std::to_string(x.dim()) + " dimensions");
  int64_t ax = dim < 0 ? dim + xr : dim;
  if (xr != ir) throw TensorError(std::string(what) + ": index and input must have the same number of dimensions");
  for (int d = 0; d < index.dim() && x.dim() > 0; ++d)
    if (d != ax && index.sizes()[d] > x.sizes()[d])
      throw TensorError(std::string(what) + ": index size " + std::to_string(index.sizes()[d]) +
                        " exceeds input size " + std::to_string(x.sizes()[d]) + " in dimension " + std::to_string(d));
  const Tensor* st = std::get_if<Tensor>(&src);
  Tensor s = st ? to_dtype(*st, x.dtype()) : Tensor::scalar(std::get<Scalar>(src), x.dtype());
  if (st && std::max(st->dim(), 1) != ir)
    throw TensorError(std::string(what) + ": index and src must have the same number of dimensions");
  if (st)
    for (int d = 0; d < index.dim(); ++d)
      if (index.sizes()[d] > st->sizes()[d])
        throw TensorError(std::string(what) + ": index size exceeds src size in dimension " + std::to_string(d));
  Tensor out = Tensor::empty(x.sizes(), x.dtype());
  ts_tensor sa = ToAbi(s);
  if (!st) sa.ndim = 0;
  int64_t bad = 0;
  if (scatter_abi(ToAbi(x), ToAbi(index), &sa, ToAbi(out), int(ax), static_cast<int>(mode), include_self, &bad))
    throw TensorError(std::string(what) + ": index " + std::to_string(bad) + " is out of range for dimension " +
                      std::to_string(ax) + " with size " + std::to_string(x.dim() ? x.sizes()[int(ax)] : 1));
  return out;
}

}  // namespace tcc::rt

extern "C" void ts_rt_argsort(const ts_tensor* x, const ts_tensor* out, int32_t axis, int32_t descending) {
  tcc::rt::argsort_abi(*x, *out, axis, descending != 0);
}

extern "C" int32_t ts_rt_scatter(const ts_tensor* x, const ts_tensor* index, const ts_tensor* src, const ts_tensor* y,
                                 int32_t axis, int32_t mode, int32_t include_self) {
  int64_t bad = 0;
  return tcc::rt::scatter_abi(*x, *index, src, *y, axis, mode, include_self != 0, &bad) ? 1 : 0;
}
