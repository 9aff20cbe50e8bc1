// elementwise_more.cpp: implements issue 11's elementwise operations that
// take parameters or change the dtype: round with decimals, nan_to_num,
// isnan, isinf and lerp. The element functions are lang/semantics/elementwise.h's
// (the compiled kernels emit the same algorithm).
#include <limits>

#include "semantics/elementwise.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

// out[i] = f(a[i]) over a contiguous copy of a; out has dtype R.
template <class T, class R, class F>
Tensor map1(const Tensor& a0, DType out_dtype, F f) {
  Tensor a = contiguous(a0);
  Tensor out = Tensor::empty(a.sizes(), out_dtype);
  const T* x = static_cast<const T*>(a.data_ptr());
  R* o = static_cast<R*>(out.data_ptr());
  for (int64_t i = 0, n = a.numel(); i < n; ++i) o[i] = f(x[i]);
  return out;
}

void need_defined(const Tensor& a, const char* what) {
  if (!a.defined()) throw TensorError(std::string(what) + ": undefined tensor");
}

}  // namespace

Tensor round_decimals(const Tensor& a, int64_t decimals) {
  need_defined(a, "round");
  if (decimals == 0) return unary(UnaryOp::Round, a);
  if (!is_floating(a.dtype()))
    throw TensorError(std::string("round with decimals: not implemented for ") + dtype_name(a.dtype()) + " tensors");
  return dispatch(a.dtype(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>)
      return map1<T, T>(a, a.dtype(), [decimals](T x) { return sem::Round(x, decimals); });
    else return a;
  });
}

Tensor nan_to_num(const Tensor& a, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  need_defined(a, "nan_to_num");
  if (!is_floating(a.dtype())) return clone(a);
  return dispatch(a.dtype(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      T n = static_cast<T>(nan);
      T p = posinf ? static_cast<T>(*posinf) : std::numeric_limits<T>::max();
      T m = neginf ? static_cast<T>(*neginf) : std::numeric_limits<T>::lowest();
      return map1<T, T>(a, a.dtype(), [=](T x) { return sem::NanToNum(x, n, p, m); });
    } else {
      return a;
    }
  });
}

Tensor is_nan(const Tensor& a) {
  need_defined(a, "isnan");
  return dispatch(a.dtype(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    return map1<T, bool>(a, DType::Bool, [](T x) { return x != x; });
  });
}

Tensor is_inf(const Tensor& a) {
  need_defined(a, "isinf");
  return dispatch(a.dtype(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    return map1<T, bool>(a, DType::Bool, [](T x) {
      if constexpr (std::is_floating_point_v<T>) return x == std::numeric_limits<T>::infinity() ||
                                                        x == -std::numeric_limits<T>::infinity();
      else return false;
    });
  });
}

Tensor lerp(const Tensor& a, const Tensor& b, const TensorOrScalar& w) {
  need_defined(a, "lerp");
  need_defined(b, "lerp");
  if (a.dtype() != b.dtype())
    throw TensorError(std::string("lerp: expected dtype ") + dtype_name(a.dtype()) + " for `end` but got dtype " +
                      dtype_name(b.dtype()));
  if (!is_floating(a.dtype()))
    throw TensorError(std::string("lerp: not implemented for ") + dtype_name(a.dtype()) + " tensors");
  Tensor wt;
  if (auto* t = std::get_if<Tensor>(&w)) {
    if (t->dtype() != a.dtype())
      throw TensorError(std::string("lerp: expected dtype ") + dtype_name(a.dtype()) + " for `weight` but got dtype " +
                        dtype_name(t->dtype()));
    wt = *t;
  } else {
    wt = Tensor::scalar(std::get<Scalar>(w), a.dtype());
  }
  Dims shape = broadcast_shapes(a.sizes(), broadcast_shapes(b.sizes(), wt.sizes()));
  Tensor ca = contiguous(broadcast_to(a, shape)), cb = contiguous(broadcast_to(b, shape)),
         cw = contiguous(broadcast_to(wt, shape));
  Tensor out = Tensor::empty(shape, a.dtype());
  dispatch(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* x = static_cast<const T*>(ca.data_ptr());
      const T* y = static_cast<const T*>(cb.data_ptr());
      const T* z = static_cast<const T*>(cw.data_ptr());
      T* o = static_cast<T*>(out.data_ptr());
      for (int64_t i = 0, n = out.numel(); i < n; ++i) o[i] = sem::Lerp(x[i], y[i], z[i]);
    }
  });
  return out;
}

}  // namespace tcc::rt
