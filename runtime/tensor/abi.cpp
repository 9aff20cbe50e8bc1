// abi.cpp: implements the Tensor <-> ts_tensor bridge (abi.h) and ts_rt_alloc.
#include "tensor/abi.h"

#include <algorithm>
#include <cstring>

#include "tensor/internal.h"

namespace tcc::rt {

ts_tensor ToAbi(const Tensor& t) {
  ts_tensor x;  // not x{}: clearing the whole struct (rep stos) cost more than the rest
  x.data = t.defined() ? static_cast<char*>(t.storage()->data()) + t.offset() * int64_t(dtype_size(t.dtype()))
                       : t.data_ptr();  // throws: an undefined tensor
  x.ndim = t.dim();
  // A fixed trip count and a select, not memcpy/memset calls of ndim
  // entries (Dims always holds kMaxDims == TS_MAX_DIMS entries).
  const int64_t* sz = t.sizes().data();
  const int64_t* st = t.strides().data();
  for (int i = 0; i < TS_MAX_DIMS; ++i) {
    x.sizes[i] = i < x.ndim ? sz[i] : 0;
    x.strides[i] = i < x.ndim ? st[i] : 0;
  }
  x.dtype = int32_t(t.dtype());
  x.handle = t.storage().get();
  return x;
}

namespace {
Tensor view_of(StorageRef st, const ts_tensor& x) {
  if (x.ndim < 0 || x.ndim > TS_MAX_DIMS) throw TensorError("ABI tensor has an invalid number of dims");
  if (x.dtype < 0 || x.dtype > TS_DTYPE_Bool) throw TensorError("ABI tensor has an invalid dtype");
  DType dt = DType(x.dtype);
  Dims sizes(std::span<const int64_t>(x.sizes, size_t(x.ndim)));
  Dims strides(std::span<const int64_t>(x.strides, size_t(x.ndim)));
  int64_t byte_off = static_cast<const char*>(x.data) - static_cast<const char*>(st->data());
  const int shift = __builtin_ctzll(uint64_t(dtype_size(dt)));  // sizes are powers of two: no division
  if (byte_off < 0 || (byte_off & ((int64_t(1) << shift) - 1)) != 0)
    throw TensorError("ABI tensor data is not inside its storage");
  return Tensor(std::move(st), sizes, strides, byte_off >> shift, dt);
}
}  // namespace

Tensor FromAbi(const ts_tensor& x) {
  if (!x.handle) {  // foreign memory: copy it
    ts_tensor y = x;
    Dims sizes(std::span<const int64_t>(x.sizes, size_t(std::clamp(x.ndim, 0, TS_MAX_DIMS))));
    DType dt = DType(std::clamp(x.dtype, 0, int(TS_DTYPE_Bool)));
    int64_t hi = 0;
    bool empty = false;
    for (int i = 0; i < sizes.size(); ++i) {
      if (sizes[i] == 0) empty = true;
      else hi += (sizes[i] - 1) * x.strides[i];
    }
    size_t bytes = empty ? 0 : size_t(hi + 1) * dtype_size(dt);
    StorageRef st = StorageRef::adopt(Storage::create(bytes));
    if (bytes) std::memcpy(st->data(), x.data, bytes);
    y.data = st->data();
    return clone(view_of(std::move(st), y));
  }
  return view_of(StorageRef::retain(static_cast<Storage*>(x.handle)), x);
}

Tensor AdoptAbi(ts_tensor& x) {
  if (!x.handle) throw TensorError("AdoptAbi: tensor has no handle");
  StorageRef st = StorageRef::adopt(static_cast<Storage*>(x.handle));
  x.handle = nullptr;
  return view_of(std::move(st), x);
}

void ReleaseAbi(ts_tensor& x) {
  if (x.handle) static_cast<Storage*>(x.handle)->release();
  x.handle = nullptr;
}

}  // namespace tcc::rt

// Straight into the ts_tensor, no Tensor made: a kernel in a loop calls this
// once per output per launch. The same checks as Tensor::empty (checked_numel).
extern "C" void ts_rt_alloc(ts_tensor* out, int32_t dtype, int32_t ndim, const int64_t* sizes) {
  using namespace tcc::rt;
  const int nd = std::clamp(ndim, 0, TS_MAX_DIMS);
  const DType dt = DType(std::clamp(dtype, 0, int(TS_DTYPE_Bool)));
  const int64_t n = checked_numel(sizes, nd);
  if (n < 0) {  // a negative size, or too large
    *out = ts_tensor{};
    return;
  }
  Storage* st = nullptr;
  try {
    st = Storage::create(size_t(n) * dtype_size(dt));  // refcount 1: the handle owns it (see abi.h)
  } catch (...) {
    *out = ts_tensor{};  // out of memory: data == nullptr
    return;
  }
  contiguous_strides_into(sizes, nd, out->strides);
  for (int i = 0; i < TS_MAX_DIMS; ++i) {
    out->sizes[i] = i < nd ? sizes[i] : 0;
    if (i >= nd) out->strides[i] = 0;
  }
  out->ndim = nd;
  out->dtype = int32_t(dt);
  out->data = st->data();
  out->handle = st;
}

extern "C" void* ts_rt_temp_alloc(int64_t bytes, void** handle) {
  using namespace tcc::rt;
  try {
    Storage* st = Storage::create(static_cast<size_t>(std::max<int64_t>(bytes, 1)));
    *handle = st;
    return st->data();
  } catch (...) {
    *handle = nullptr;
    return nullptr;
  }
}

extern "C" void ts_rt_temp_free(void* handle) {
  if (handle) static_cast<tcc::rt::Storage*>(handle)->release();
}
