// copy.cpp: implements copy_into (broadcasting, casting strided copy),
// contiguous, clone, to_dtype and fill.
#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

template <class To, class From>
void copy_kernel(const Tensor& dst, const Tensor& src) {
  std::array<char*, 2> base{static_cast<char*>(dst.data_ptr()), static_cast<char*>(src.data_ptr())};
  std::array<Dims, 2> st{byte_strides(dst), broadcast_byte_strides(src, dst.sizes())};
  strided_loop<2>(dst.sizes(), base, st, kGrainCheap,
                  [](std::array<char*, 2> p, std::array<int64_t, 2> s, int64_t n) {
                    To* o = reinterpret_cast<To*>(p[0]);
                    const From* a = reinterpret_cast<const From*>(p[1]);
                    if (s[0] == sizeof(To) && s[1] == sizeof(From)) {
                      for (int64_t i = 0; i < n; ++i) o[i] = cast<To>(a[i]);
                    } else if (s[0] == sizeof(To) && s[1] == 0) {
                      To v = cast<To>(*a);
                      for (int64_t i = 0; i < n; ++i) o[i] = v;
                    } else {
                      char* po = p[0];
                      const char* pa = p[1];
                      for (int64_t i = 0; i < n; ++i, po += s[0], pa += s[1])
                        *reinterpret_cast<To*>(po) = cast<To>(*reinterpret_cast<const From*>(pa));
                    }
                  });
}

}  // namespace

void copy_into(const Tensor& dst, const Tensor& src) {
  if (!dst.defined() || !src.defined()) throw TensorError("copy of an undefined tensor");
  // validates broadcastability (src to dst's shape)
  Dims b;
  bool ok = true;
  try {
    b = broadcast_shapes(dst.sizes(), src.sizes());
  } catch (const TensorError&) {
    ok = false;
  }
  if (!ok || !(b == dst.sizes()))
    throw TensorError("shape " + dims_str(src.sizes()) + " cannot be assigned to shape " +
                      dims_str(dst.sizes()));
  Tensor s = src;
  if (src.shares_storage(dst) && src.numel() > 1) s = clone(src);  // overlapping views
  dispatch(dst.dtype(), [&](auto to) {
    dispatch(s.dtype(), [&](auto from) {
      copy_kernel<typename decltype(to)::type, typename decltype(from)::type>(dst, s);
    });
  });
}

Tensor contiguous(const Tensor& a) {
  if (a.is_contiguous()) return a;
  return clone(a);
}

Tensor clone(const Tensor& a) {
  Tensor out = Tensor::empty(a.sizes(), a.dtype());
  if (a.is_contiguous()) {
    std::memcpy(out.data_ptr(), a.data_ptr(), size_t(a.numel()) * dtype_size(a.dtype()));
    return out;
  }
  copy_into(out, a);
  return out;
}

Tensor to_dtype(const Tensor& a, DType dtype) {
  if (a.dtype() == dtype) return a;
  Tensor out = Tensor::empty(a.sizes(), dtype);
  copy_into(out, a);
  return out;
}

void fill(const Tensor& dst, Scalar value) {
  dispatch(dst.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v = scalar_as<T>(value);
    std::array<char*, 1> base{static_cast<char*>(dst.data_ptr())};
    std::array<Dims, 1> st{byte_strides(dst)};
    strided_loop<1>(dst.sizes(), base, st, kGrainCheap,
                    [v](std::array<char*, 1> p, std::array<int64_t, 1> s, int64_t n) {
                      if (s[0] == sizeof(T)) {
                        T* o = reinterpret_cast<T*>(p[0]);
                        for (int64_t i = 0; i < n; ++i) o[i] = v;
                      } else {
                        for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * s[0]) = v;
                      }
                    });
  });
}

}  // namespace tcc::rt
