// create.cpp: implements tensor construction: Tensor::scalar, tensor_from
// (nested lists), tensor_from_flat, zeros/ones/full/arange/linspace/eye, the
// non-random *_like functions, and tolist.
#include <cmath>

#include "semantics/linspace.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

DType default_dtype(Scalar s) {
  return s.is_float() ? DType::F32 : s.is_int() ? DType::I64 : DType::Bool;
}

void store(char* p, DType dt, Scalar v) {
  dispatch(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T x = scalar_as<T>(v);
    std::memcpy(p, &x, sizeof(T));
  });
}

// Walks nested data: records the shape from the first path, checks every
// list's length against it, and collects the leaves.
void walk(const Nested& n, int depth, Dims& shape, bool& shape_done, std::vector<Scalar>& leaves,
          int& kind) {
  if (!n.is_list) {
    if (!shape_done) shape_done = true;
    else if (depth != shape.size())
      throw TensorError("tensor: expected a sequence at dim " + std::to_string(depth) + ", got a number");
    leaves.push_back(n.scalar);
    kind = std::max(kind, n.scalar.is_float() ? 2 : n.scalar.is_int() ? 1 : 0);
    return;
  }
  if (!shape_done) {
    shape.push_back(int64_t(n.items.size()));
    if (n.items.empty()) shape_done = true;
  } else {
    if (depth >= shape.size())
      throw TensorError("tensor: expected a number at dim " + std::to_string(depth) + ", got a sequence");
    if (shape[depth] != int64_t(n.items.size()))
      throw TensorError("tensor: expected sequence of length " + std::to_string(shape[depth]) +
                        " at dim " + std::to_string(depth) + " (got " + std::to_string(n.items.size()) + ")");
  }
  for (const Nested& c : n.items) walk(c, depth + 1, shape, shape_done, leaves, kind);
}

}  // namespace

Tensor Tensor::scalar(Scalar value) { return scalar(value, default_dtype(value)); }

Tensor Tensor::scalar(Scalar value, DType dtype) {
  Tensor t = empty(Dims{}, dtype);
  store(static_cast<char*>(t.data_ptr()), dtype, value);
  return t;
}

Tensor tensor_from(const Nested& data, std::optional<DType> dtype) {
  Dims shape;
  bool shape_done = false;
  std::vector<Scalar> leaves;
  int kind = -1;
  walk(data, 0, shape, shape_done, leaves, kind);
  DType dt = dtype ? *dtype : kind == 2 ? DType::F32 : kind == 0 ? DType::Bool
                            : kind == 1 ? DType::I64 : DType::F32;
  return tensor_from_flat(leaves, shape, dt);
}

Tensor tensor_from_flat(std::span<const Scalar> flat, const Dims& sizes, DType dtype) {
  Tensor t = Tensor::empty(sizes, dtype);
  if (int64_t(flat.size()) != t.numel())
    throw TensorError("tensor: " + std::to_string(flat.size()) + " values do not fill shape " + dims_str(sizes));
  char* p = static_cast<char*>(t.data_ptr());
  size_t w = dtype_size(dtype);
  for (size_t i = 0; i < flat.size(); ++i) store(p + i * w, dtype, flat[i]);
  return t;
}

Tensor full(const Dims& sizes, Scalar value, std::optional<DType> dtype) {
  Tensor t = Tensor::empty(sizes, dtype ? *dtype : default_dtype(value));
  fill(t, value);
  return t;
}

Tensor zeros(const Dims& sizes, DType dtype) {
  Tensor t = Tensor::empty(sizes, dtype);
  std::memset(t.data_ptr(), 0, size_t(t.numel()) * dtype_size(dtype));
  return t;
}

Tensor ones(const Dims& sizes, DType dtype) { return full(sizes, Scalar::from_int(1), dtype); }

Tensor arange(Scalar end, std::optional<DType> dtype) {
  return arange(Scalar::from_int(0), end, Scalar::from_int(1), dtype);
}

Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<DType> dtype) {
  bool all_int = !start.is_float() && !end.is_float() && !step.is_float();
  DType dt = dtype ? *dtype : all_int ? DType::I64 : DType::F32;
  double s = start.to_double(), e = end.to_double(), st = step.to_double();
  if (st == 0) throw TensorError("arange: step must be nonzero");
  if (!std::isfinite(s) || !std::isfinite(e)) throw TensorError("arange: bounds must be finite");
  if ((st > 0 && e < s) || (st < 0 && e > s))
    throw TensorError("arange: upper bound and step sign are inconsistent");
  int64_t n;
  if (all_int) {
    int64_t a = start.to_int(), b = end.to_int(), c = step.to_int();
    n = c > 0 ? (b - a + c - 1) / c : (a - b - c - 1) / -c;
  } else {
    n = int64_t(std::ceil((e - s) / st));
  }
  if (n < 0) n = 0;
  Tensor t = Tensor::empty(Dims{n}, dt);
  dispatch(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    if (all_int) {
      int64_t a = start.to_int(), c = step.to_int();
      for (int64_t i = 0; i < n; ++i) p[i] = cast<T>(a + i * c);
    } else {
      for (int64_t i = 0; i < n; ++i) p[i] = cast<T>(s + double(i) * st);
    }
  });
  return t;
}

Tensor linspace(double start, double end, int64_t steps, std::optional<DType> dtype) {
  if (steps < 0) throw TensorError("linspace: number of steps must be non-negative");
  DType dt = dtype ? *dtype : DType::F32;
  Tensor t = Tensor::empty(Dims{steps}, dt);
  dispatch(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    for (int64_t i = 0; i < steps; ++i) p[i] = sem::LinspaceAt<T>(start, end, steps, i);  // torch's bits
  });
  return t;
}

Tensor eye(int64_t n, std::optional<int64_t> m, DType dtype) {
  int64_t cols = m ? *m : n;
  if (n < 0 || cols < 0) throw TensorError("eye: sizes must be non-negative");
  Tensor t = zeros(Dims{n, cols}, dtype);
  char* p = static_cast<char*>(t.data_ptr());
  size_t w = dtype_size(dtype);
  for (int64_t i = 0; i < std::min(n, cols); ++i) store(p + size_t(i * cols + i) * w, dtype, Scalar::from_int(1));
  return t;
}

Tensor zeros_like(const Tensor& t, std::optional<DType> dtype) { return zeros(t.sizes(), dtype ? *dtype : t.dtype()); }
Tensor ones_like(const Tensor& t, std::optional<DType> dtype) { return ones(t.sizes(), dtype ? *dtype : t.dtype()); }
Tensor full_like(const Tensor& t, Scalar value, std::optional<DType> dtype) {
  return full(t.sizes(), value, dtype ? *dtype : t.dtype());
}

namespace {
Nested tolist_rec(const Tensor& t, int d, int64_t off) {
  if (d == t.dim()) {
    const char* p = static_cast<const char*>(t.storage()->data()) + off * int64_t(dtype_size(t.dtype()));
    return Nested::leaf(dispatch(t.dtype(), [&](auto tag) -> Scalar {
      using T = typename decltype(tag)::type;
      T v;
      std::memcpy(&v, p, sizeof(T));
      if constexpr (std::is_floating_point_v<T>) return Scalar::from_float(double(v));
      else if constexpr (std::is_same_v<T, bool>) return Scalar::from_bool(v);
      else return Scalar::from_int(int64_t(v));
    }));
  }
  std::vector<Nested> items;
  items.reserve(size_t(t.sizes()[d]));
  for (int64_t i = 0; i < t.sizes()[d]; ++i) items.push_back(tolist_rec(t, d + 1, off + i * t.strides()[d]));
  return Nested::list(std::move(items));
}
}  // namespace

Nested tolist(const Tensor& a) { return tolist_rec(a, 0, a.offset()); }

}  // namespace tcc::rt
