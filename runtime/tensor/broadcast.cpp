// broadcast.cpp: implements NumPy broadcasting of shapes and the broadcast
// byte strides the kernels iterate with.
#include "tensor/internal.h"

namespace tcc::rt {

Dims broadcast_shapes(const Dims& a, const Dims& b) {
  int n = std::max(a.size(), b.size());
  Dims out = Dims::filled(n, 1);
  for (int i = 0; i < n; ++i) {
    int ia = a.size() - n + i, ib = b.size() - n + i;
    int64_t sa = ia >= 0 ? a[ia] : 1, sb = ib >= 0 ? b[ib] : 1;
    if (sa == sb || sb == 1) out[i] = sa;
    else if (sa == 1) out[i] = sb;
    else
      throw TensorError("shapes " + dims_str(a) + " and " + dims_str(b) + " cannot be broadcast");
  }
  return out;
}

Tensor broadcast_to(const Tensor& a, const Dims& sizes) {
  if (a.dim() > sizes.size())
    throw TensorError("cannot broadcast shape " + dims_str(a.sizes()) + " to " + dims_str(sizes));
  Dims st = Dims::filled(sizes.size(), 0);
  int lead = sizes.size() - a.dim();
  for (int i = 0; i < a.dim(); ++i) {
    int64_t s = a.sizes()[i];
    if (s == sizes[lead + i]) st[lead + i] = s == 1 ? 0 : a.strides()[i];
    else if (s == 1) st[lead + i] = 0;
    else
      throw TensorError("cannot broadcast shape " + dims_str(a.sizes()) + " to " + dims_str(sizes));
  }
  return Tensor(a.storage(), sizes, st, a.offset(), a.dtype());
}

namespace detail {

Dims broadcast_byte_strides(const Tensor& t, const Dims& out) {
  Dims st = Dims::filled(out.size(), 0);
  int lead = out.size() - t.dim();
  int64_t w = int64_t(dtype_size(t.dtype()));
  for (int i = 0; i < t.dim(); ++i)
    st[lead + i] = t.sizes()[i] == 1 ? 0 : t.strides()[i] * w;
  return st;
}

}  // namespace detail
}  // namespace tcc::rt
