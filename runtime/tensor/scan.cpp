// scan.cpp: implements scan(): cumsum and cumprod along one dim. As torch's
// CPU kernel, floats accumulate in double and round each partial result to
// the output dtype; integers wrap in int64 (sem::WrapAdd / WrapMul). The
// compiled kernels (compiler/lower/scan.cpp) accumulate the same way.
#include "semantics/elementwise.h"
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

Tensor scan(ScanOp op, const Tensor& a0, int64_t dim, std::optional<DType> dtype) {
  const char* name = op == ScanOp::CumSum ? "cumsum" : "cumprod";
  if (!a0.defined()) throw TensorError(std::string(name) + ": undefined tensor");
  DType out_t = dtype ? *dtype : is_floating(a0.dtype()) ? a0.dtype() : DType::I64;
  Tensor a = contiguous(to_dtype(a0, out_t));
  int64_t r = a.dim();
  int64_t rr = r == 0 ? 1 : r;
  if (dim < -rr || dim >= rr)
    throw TensorError(std::string(name) + ": dimension " + std::to_string(dim) + " is out of range for a tensor of " +
                      std::to_string(r) + " dimensions");
  if (dim < 0) dim += rr;
  int64_t outer = 1, len = r == 0 ? 1 : a.sizes()[dim], inner = 1;
  for (int64_t i = 0; i < dim && i < r; ++i) outer *= a.sizes()[i];
  for (int64_t i = dim + 1; i < r; ++i) inner *= a.sizes()[i];
  Tensor out = Tensor::empty(a.sizes(), out_t);
  dispatch(out_t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Acc = std::conditional_t<std::is_floating_point_v<T>, double, T>;
    const T* x = static_cast<const T*>(a.data_ptr());
    T* o = static_cast<T*>(out.data_ptr());
    for (int64_t p = 0; p < outer; ++p)
      for (int64_t q = 0; q < inner; ++q) {
        Acc acc = op == ScanOp::CumSum ? Acc(0) : Acc(1);
        for (int64_t k = 0; k < len; ++k) {
          int64_t at = (p * len + k) * inner + q;
          acc = op == ScanOp::CumSum ? sem::WrapAdd(acc, Acc(x[at])) : sem::WrapMul(acc, Acc(x[at]));
          o[at] = static_cast<T>(acc);
        }
      }
  });
  return out;
}

}  // namespace tcc::rt
