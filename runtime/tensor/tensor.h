// tensor.h: defines the core types of the tcc tensor library (namespace
// tcc::rt): DType, Scalar (a Python number), Dims (sizes/strides, at most
// kMaxDims entries, no heap), Storage (refcounted 64-byte-aligned buffer),
// Tensor (a strided view onto a Storage) and TensorError.
//
// Contracts
//   - Every operation lives in ops.h (free functions); printing and .npy I/O
//     in io.h; the C ABI bridge (FromAbi/ToAbi) in abi.h.
//   - A Tensor is a cheap value type (copying it bumps a refcount). Views
//     (transpose, slices, expand, ...) share the Storage; `shares_storage`
//     tells. Mutation (index assignment, copy_into, in-place ops) writes
//     through to every view of the same storage, as in torch.
//   - Sizes and strides are in elements; `offset` is in elements from the
//     start of the storage. Strides may be 0 (expand) but never negative.
//   - Errors throw TensorError whose what() is a user-facing message without
//     a source location ("shapes [3] and [4] cannot be broadcast"); the
//     interpreter adds the location. No function aborts on bad user input.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/dtype.h"

namespace tcc::rt {

// ---------------------------------------------------------------- errors

// Thrown for every user-facing error (bad shapes, indices, dtypes, files).
class TensorError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// ---------------------------------------------------------------- dtypes

// The one dtype enum, sem::DType (lang/semantics/dtypes.def, whose rules of
// names, sizes and promotion these functions apply); ts_runtime.h's enum
// ts_dtype is generated from the same rows.
using DType = sem::DType;

// TensorScript name: "float32", "float64", "int64", "int32", "bool".
inline const char* dtype_name(DType t) { return sem::DTypeName(t); }
// Parses a dtype name or torch alias ("float" = float32, "double", "long",
// "int" = int32); returns false when unknown.
bool dtype_from_name(std::string_view name, DType* out);
inline size_t dtype_size(DType t) { return sem::DTypeBytes(t); }  // bytes per element
inline bool is_floating(DType t) { return sem::IsFloating(t); }
inline bool is_integral(DType t) { return sem::IsIntegral(t); }  // not bool

// torch.promote_types (int64 + float32 -> float32).
inline DType promote_types(DType a, DType b) { return (sem::PromoteTypes(a, b)); }

// ---------------------------------------------------------------- scalars

// A Python number: bool, int (64-bit) or float (64-bit). As an operand of a
// tensor operation it is a *weak* scalar (torch's "wrapped number"): it only
// changes the result dtype's category (int64 tensor * 2.5 -> float32;
// float32 tensor + 1.0 -> float32; int32 tensor + 1 -> int32).
struct Scalar {
  enum class Kind : uint8_t { Bool, Int, Float };
  Kind kind = Kind::Int;
  union {
    bool b;
    int64_t i;
    double f;
  };
  Scalar() : i(0) {}
  static Scalar from_bool(bool v) { Scalar s; s.kind = Kind::Bool; s.b = v; return s; }
  static Scalar from_int(int64_t v) { Scalar s; s.kind = Kind::Int; s.i = v; return s; }
  static Scalar from_float(double v) { Scalar s; s.kind = Kind::Float; s.f = v; return s; }
  double to_double() const { return kind == Kind::Float ? f : kind == Kind::Int ? double(i) : double(b); }
  int64_t to_int() const { return kind == Kind::Float ? int64_t(f) : kind == Kind::Int ? i : int64_t(b); }
  bool to_bool() const { return kind == Kind::Float ? f != 0 : kind == Kind::Int ? i != 0 : b; }
  bool is_float() const { return kind == Kind::Float; }
  bool is_int() const { return kind == Kind::Int; }
  bool is_bool() const { return kind == Kind::Bool; }
};

// ---------------------------------------------------------------- dims

inline constexpr int kMaxDims = 8;  // == TS_MAX_DIMS

// A small fixed-capacity vector of int64 (sizes, strides, dim lists); never
// allocates. Pushing beyond kMaxDims throws TensorError.
class Dims {
 public:
  Dims() = default;
  Dims(std::initializer_list<int64_t> v) { for (int64_t x : v) push_back(x); }
  explicit Dims(std::span<const int64_t> v) {
    if (v.size() > size_t(kMaxDims)) too_many();
    n_ = int(v.size());
    for (int i = 0; i < n_; ++i) v_[i] = v[size_t(i)];
  }
  static Dims filled(int n, int64_t value) { Dims d; for (int i = 0; i < n; ++i) d.push_back(value); return d; }

  int size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int64_t& operator[](int i) { return v_[i]; }
  int64_t operator[](int i) const { return v_[i]; }
  int64_t* data() { return v_; }
  const int64_t* data() const { return v_; }
  int64_t* begin() { return v_; }
  int64_t* end() { return v_ + n_; }
  const int64_t* begin() const { return v_; }
  const int64_t* end() const { return v_ + n_; }
  int64_t back() const { return v_[n_ - 1]; }
  void push_back(int64_t x) {  // inline: tensor headers are made on every kernel launch
    if (n_ >= kMaxDims) too_many();
    v_[n_++] = x;
  }
  void pop_back() { --n_; }
  void insert(int pos, int64_t x);  // 0 <= pos <= size()
  void erase(int pos);
  void resize(int n, int64_t fill = 0);
  void clear() { n_ = 0; }
  operator std::span<const int64_t>() const { return {v_, size_t(n_)}; }
  std::vector<int64_t> vec() const { return {v_, v_ + n_}; }
  friend bool operator==(const Dims& a, const Dims& b);

 private:
  [[noreturn]] static void too_many();  // throws TensorError
  int64_t v_[kMaxDims] = {};
  int n_ = 0;
};

// "[2, 3]" (as used in error messages).
std::string dims_str(std::span<const int64_t> d);
int64_t dims_numel(std::span<const int64_t> sizes);
// Row-major strides (in elements) for `sizes`.
Dims contiguous_strides(const Dims& sizes);
// The same into strides[0, n) (ts_rt_alloc fills an ABI tensor with it).
void contiguous_strides_into(const int64_t* sizes, int n, int64_t* strides);
// A new tensor's element count: kNegativeDim if a size is negative,
// kTooLarge if the count exceeds 2^40 (Tensor::empty's and ts_rt_alloc's limit).
constexpr int64_t kNegativeDim = -1, kTooLarge = -2;
int64_t checked_numel(const int64_t* sizes, int n);

// ---------------------------------------------------------------- storage

// A refcounted, 64-byte-aligned byte buffer. Header and data are one
// allocation; small buffers are recycled through a size-class cache and
// buffers of 2 MiB or more are huge-page backed (madvise MADV_HUGEPAGE).
// Use Storage::create and StorageRef; never delete directly.
class Storage {
 public:
  static Storage* create(size_t nbytes);  // refcount 1, contents uninitialised
  void retain() { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release();  // frees when the count drops to zero
  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  int64_t refcount() const { return refs_.load(std::memory_order_relaxed); }
  // Counts the in-place updates the interpreter made (autograd's check that a
  // value saved for backward is unchanged).
  uint32_t version() const { return version_; }
  void bump_version() { ++version_; }

 private:
  Storage() = default;
  std::atomic<int64_t> refs_{1};
  uint32_t version_ = 0;
  void* data_ = nullptr;
  size_t nbytes_ = 0;
  size_t block_bytes_ = 0;  // allocation size (header + data), for the cache
};

// Owning smart pointer for a Storage (intrusive refcount).
class StorageRef {
 public:
  StorageRef() = default;
  // Adopts one existing reference (does not retain).
  static StorageRef adopt(Storage* s) { StorageRef r; r.p_ = s; return r; }
  // Takes a new reference.
  static StorageRef retain(Storage* s) { if (s) s->retain(); return adopt(s); }
  StorageRef(const StorageRef& o) : p_(o.p_) { if (p_) p_->retain(); }
  StorageRef(StorageRef&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  StorageRef& operator=(StorageRef o) noexcept { std::swap(p_, o.p_); return *this; }
  ~StorageRef() { if (p_) p_->release(); }
  Storage* get() const { return p_; }
  Storage* operator->() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }
  // Gives up ownership of the reference without releasing it.
  Storage* release_ownership() { Storage* s = p_; p_ = nullptr; return s; }

 private:
  Storage* p_ = nullptr;
};

// ---------------------------------------------------------------- tensor

class Tensor {
 public:
  // An undefined tensor (defined() == false); most functions reject it.
  Tensor() = default;
  // A view: `storage` with the given sizes/strides/offset (no checks beyond
  // bounds: throws TensorError if the view would read outside the storage).
  Tensor(StorageRef storage, const Dims& sizes, const Dims& strides, int64_t offset, DType dtype);

  // A new contiguous tensor with uninitialised contents.
  static Tensor empty(const Dims& sizes, DType dtype);
  // A 0-d tensor holding `value` (dtype: bool/int64/float32 by kind, unless given).
  static Tensor scalar(Scalar value);
  static Tensor scalar(Scalar value, DType dtype);

  bool defined() const { return bool(storage_); }
  DType dtype() const { return dtype_; }
  int dim() const { return sizes_.size(); }
  const Dims& sizes() const { return sizes_; }    // the shape
  const Dims& strides() const { return strides_; }
  int64_t size(int64_t d) const;   // negative d counts from the end; throws if out of range
  int64_t stride(int64_t d) const;
  int64_t numel() const;
  int64_t offset() const { return offset_; }
  bool is_contiguous() const;      // row-major dense (size-1 dims may have any stride)
  const StorageRef& storage() const { return storage_; }
  bool shares_storage(const Tensor& o) const { return storage_.get() == o.storage_.get(); }

  // Address of element [0, ..., 0] (storage data + offset * itemsize).
  void* data_ptr() const;
  template <class T> T* data() const { return static_cast<T*>(data_ptr()); }

  // The single value of a one-element tensor ("item(): tensor has N elements" otherwise).
  // float32/float64 -> Float, int64/int32 -> Int, bool -> Bool.
  Scalar item() const;
  // Value at a flat row-major position (0 <= i < numel), for tests/printing.
  Scalar at(int64_t flat_index) const;

 private:
  StorageRef storage_;
  Dims sizes_;
  Dims strides_;
  int64_t offset_ = 0;
  DType dtype_ = DType::F32;
};

inline void bump_version(const Tensor& t) { if (t.defined()) t.storage()->bump_version(); }
inline uint32_t version(const Tensor& t) { return t.defined() ? t.storage()->version() : 0; }

// Normalises a possibly negative dim for a tensor of `ndim` dims
// ("dimension 3 is out of range for a tensor of 2 dimensions").
int64_t wrap_dim(int64_t dim, int64_t ndim);

// ---------------------------------------------------------------- nested data

// Nested Python-style data: the input of tensor(list) and the output of
// tolist(). A leaf holds a Scalar; a list holds items (possibly empty).
struct Nested {
  bool is_list = false;
  Scalar scalar;
  std::vector<Nested> items;
  static Nested leaf(Scalar s) { Nested n; n.scalar = s; return n; }
  static Nested list(std::vector<Nested> v) { Nested n; n.is_list = true; n.items = std::move(v); return n; }
};

}  // namespace tcc::rt
