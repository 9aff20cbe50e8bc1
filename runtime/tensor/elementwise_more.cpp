// elementwise_more.cpp: implements issue 11's elementwise operations that
// take parameters or change the dtype: round with decimals, nan_to_num,
// isnan, isinf (the Unary ops of unary(), with their parameters) and lerp. The element functions are lang/semantics/elementwise.h's
// (the compiled kernels emit the same algorithm).
#include <limits>

#include "semantics/elementwise.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

void need_defined(const Tensor& a, const char* what) {
  if (!a.defined()) throw TensorError(std::string(what) + ": undefined tensor");
}

}  // namespace

Tensor round_decimals(const Tensor& a, int64_t decimals) {
  need_defined(a, "round");
  if (decimals != 0 && !is_floating(a.dtype()))
    throw TensorError(std::string("round with decimals: not implemented for ") + dtype_name(a.dtype()) + " tensors");
  sem::UnaryParams p;
  p.decimals = decimals;
  return unary(UnaryOp::Round, a, p);
}

Tensor nan_to_num(const Tensor& a, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  need_defined(a, "nan_to_num");
  return unary(UnaryOp::NanToNum, a, {.nan = nan, .posinf = posinf, .neginf = neginf});
}

Tensor is_nan(const Tensor& a) { return unary(UnaryOp::IsNan, a); }
Tensor is_inf(const Tensor& a) { return unary(UnaryOp::IsInf, a); }

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
