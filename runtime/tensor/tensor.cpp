// tensor.cpp: implements Dims, Storage (aligned refcounted buffers with a
// small-block cache and huge-page-backed large blocks) and Tensor basics.
#include "tensor/tensor.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

namespace tcc::rt {

// ---------------------------------------------------------------- Dims

void Dims::too_many() {
  throw TensorError("tensors have at most " + std::to_string(kMaxDims) + " dimensions");
}

void Dims::insert(int pos, int64_t x) {
  if (n_ >= kMaxDims) too_many();
  for (int i = n_; i > pos; --i) v_[i] = v_[i - 1];
  v_[pos] = x;
  ++n_;
}

void Dims::erase(int pos) {
  for (int i = pos; i + 1 < n_; ++i) v_[i] = v_[i + 1];
  --n_;
}

void Dims::resize(int n, int64_t fill) {
  if (n > kMaxDims) too_many();
  for (int i = n_; i < n; ++i) v_[i] = fill;
  n_ = n;
}

bool operator==(const Dims& a, const Dims& b) {
  if (a.n_ != b.n_) return false;
  for (int i = 0; i < a.n_; ++i)
    if (a.v_[i] != b.v_[i]) return false;
  return true;
}

std::string dims_str(std::span<const int64_t> d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(d[i]);
  }
  return s + "]";
}

int64_t dims_numel(std::span<const int64_t> sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  return n;
}

void contiguous_strides_into(const int64_t* sizes, int n, int64_t* strides) {
  int64_t acc = 1;
  for (int i = n - 1; i >= 0; --i) {
    strides[i] = acc;
    acc *= sizes[i] > 0 ? sizes[i] : 1;
  }
}

Dims contiguous_strides(const Dims& sizes) {
  Dims st = Dims::filled(sizes.size(), 1);
  contiguous_strides_into(sizes.data(), int(sizes.size()), st.data());
  return st;
}

int64_t checked_numel(const int64_t* sizes, int n) {
  int64_t count = 1;
  for (int i = 0; i < n; ++i) {
    int64_t s = sizes[i];
    if (s < 0) return kNegativeDim;
    if (s > 0 && count > (int64_t(1) << 40) / s) return kTooLarge;
    count *= s;
  }
  return count;
}

int64_t wrap_dim(int64_t dim, int64_t ndim) {
  int64_t n = ndim > 0 ? ndim : 1;  // a 0-d tensor accepts dim 0 / -1, as torch
  if (dim < -n || dim >= n)
    throw TensorError("dimension " + std::to_string(dim) + " is out of range for a tensor of " +
                      std::to_string(ndim) + " dimension" + (ndim == 1 ? "" : "s"));
  return dim < 0 ? dim + n : dim;
}

// ---------------------------------------------------------------- Storage

namespace {

constexpr size_t kHeader = 64;                  // Storage header, padded
constexpr size_t kSmallMax = size_t(1) << 16;   // cached size classes up to 64 KiB
constexpr int kSmallClasses = 10;               // 128 B .. 64 KiB
constexpr size_t kPerClass = 64;                // cached blocks per class
constexpr size_t kHuge = size_t(2) << 20;       // 2 MiB: huge-page threshold
constexpr size_t kLargeCacheBlocks = 32;  // a kernel's temporaries are all live until its end: a GPT block has ~12
constexpr size_t kLargeCacheBytes = size_t(1) << 30;
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCache = false;  // let AddressSanitizer see every free
#else
constexpr bool kCache = true;
#endif

struct Cache {
  std::mutex mu;
  std::vector<void*> small[kSmallClasses];
  std::vector<std::pair<void*, size_t>> large;  // (block, bytes)
  size_t large_bytes = 0;
};

Cache& cache() {
  static Cache* c = new Cache;  // leaked on purpose: usable during static destruction
  return *c;
}

int small_class(size_t bytes) {  // bytes <= kSmallMax: the least c with 128 << c >= bytes
  return bytes <= 128 ? 0 : 64 - __builtin_clzll(uint64_t(bytes - 1)) - 7;
}

// A few small blocks per thread in front of the shared cache, so that the
// steady state of a loop (a kernel's output made, last iteration's freed:
// a graph break runs several per iteration) takes no lock. Plain arrays:
// nothing to destroy at thread exit (a worker's blocks stay with it).
constexpr int kPerThread = 4;
struct ThreadBlocks {
  void* p[kSmallClasses][kPerThread];
  int n[kSmallClasses];
};
thread_local ThreadBlocks t_blocks{};

void* alloc_block(size_t* block_bytes) {
  size_t want = *block_bytes;
  if (want <= kSmallMax) {
    int cls = small_class(want);
    *block_bytes = size_t(128) << cls;
    if (kCache && t_blocks.n[cls] > 0) return t_blocks.p[cls][--t_blocks.n[cls]];
  }
  Cache& c = cache();
  if (want <= kSmallMax) {
    int cls = small_class(want);
    if (kCache) {
      std::lock_guard<std::mutex> g(c.mu);
      auto& v = c.small[cls];
      if (!v.empty()) { void* p = v.back(); v.pop_back(); return p; }
    }
    void* p = std::aligned_alloc(64, *block_bytes);
    if (!p) throw std::bad_alloc();
    return p;
  }
  if (want >= kHuge) {
    size_t bytes = (want + kHuge - 1) / kHuge * kHuge;
    *block_bytes = bytes;
    if (kCache) {
      std::lock_guard<std::mutex> g(c.mu);
      for (size_t i = 0; i < c.large.size(); ++i) {
        if (c.large[i].second == bytes) {
          void* p = c.large[i].first;
          c.large_bytes -= bytes;
          c.large.erase(c.large.begin() + i);
          return p;
        }
      }
    }
    void* p = std::aligned_alloc(kHuge, bytes);
    if (!p) throw TensorError("out of memory allocating " + std::to_string(bytes) + " bytes");
    madvise(p, bytes, MADV_HUGEPAGE);
    return p;
  }
  size_t bytes = (want + 63) / 64 * 64;
  *block_bytes = bytes;
  void* p = std::aligned_alloc(64, bytes);
  if (!p) throw TensorError("out of memory allocating " + std::to_string(bytes) + " bytes");
  return p;
}

void free_block(void* p, size_t bytes) {
  if (!kCache) {
    std::free(p);
    return;
  }
  if (bytes <= kSmallMax && t_blocks.n[small_class(bytes)] < kPerThread) {
    int cls = small_class(bytes);
    t_blocks.p[cls][t_blocks.n[cls]++] = p;
    return;
  }
  Cache& c = cache();
  if (bytes <= kSmallMax) {
    int cls = small_class(bytes);
    std::lock_guard<std::mutex> g(c.mu);
    if (c.small[cls].size() < kPerClass) { c.small[cls].push_back(p); return; }
  } else if (bytes >= kHuge) {
    std::lock_guard<std::mutex> g(c.mu);
    if (bytes <= kLargeCacheBytes) {
      while (!c.large.empty() && (c.large.size() >= kLargeCacheBlocks ||
                                  c.large_bytes + bytes > kLargeCacheBytes)) {
        std::free(c.large.front().first);
        c.large_bytes -= c.large.front().second;
        c.large.erase(c.large.begin());
      }
      c.large.emplace_back(p, bytes);
      c.large_bytes += bytes;
      return;
    }
  }
  std::free(p);
}

}  // namespace

Storage* Storage::create(size_t nbytes) {
  size_t block = kHeader + (nbytes + 63) / 64 * 64;
  void* p = alloc_block(&block);
  Storage* s = new (p) Storage();
  s->data_ = static_cast<char*>(p) + kHeader;
  s->nbytes_ = nbytes;
  s->block_bytes_ = block;
  return s;
}

void Storage::release() {
  if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    size_t block = block_bytes_;
    this->~Storage();
    free_block(this, block);
  }
}

// ---------------------------------------------------------------- Tensor

Tensor::Tensor(StorageRef storage, const Dims& sizes, const Dims& strides, int64_t offset,
               DType dtype)
    : storage_(std::move(storage)), sizes_(sizes), strides_(strides), offset_(offset),
      dtype_(dtype) {
  if (!storage_) throw TensorError("tensor view of no storage");
  if (sizes.size() != strides.size()) throw TensorError("tensor view: sizes and strides differ in length");
  int64_t hi = offset;
  bool empty = false;
  for (int i = 0; i < sizes.size(); ++i) {
    if (sizes[i] < 0 || strides[i] < 0) throw TensorError("tensor view: negative size or stride");
    if (sizes[i] == 0) empty = true;
    else hi += (sizes[i] - 1) * strides[i];
  }
  if (offset < 0 || (!empty && size_t(hi + 1) * dtype_size(dtype) > storage_->nbytes()))
    throw TensorError("tensor view reads outside its storage");
}

Tensor Tensor::empty(const Dims& sizes, DType dtype) {
  int64_t n = checked_numel(sizes.data(), int(sizes.size()));
  if (n == kNegativeDim) {
    int64_t s = *std::find_if(sizes.begin(), sizes.end(), [](int64_t d) { return d < 0; });
    throw TensorError("negative dimension " + std::to_string(s) + " in shape " + dims_str(sizes));
  }
  if (n == kTooLarge) throw TensorError("shape " + dims_str(sizes) + " is too large");
  StorageRef st = StorageRef::adopt(Storage::create(size_t(n) * dtype_size(dtype)));
  Tensor t;
  t.storage_ = std::move(st);
  t.sizes_ = sizes;
  t.strides_ = contiguous_strides(sizes);
  t.offset_ = 0;
  t.dtype_ = dtype;
  return t;
}

int64_t Tensor::size(int64_t d) const { return sizes_[int(wrap_dim(d, dim()))]; }
int64_t Tensor::stride(int64_t d) const { return strides_[int(wrap_dim(d, dim()))]; }

int64_t Tensor::numel() const { return dims_numel(sizes_); }

bool Tensor::is_contiguous() const {
  int64_t expect = 1;
  for (int i = dim() - 1; i >= 0; --i) {
    if (sizes_[i] == 1) continue;
    if (sizes_[i] == 0) return true;
    if (strides_[i] != expect) return false;
    expect *= sizes_[i];
  }
  return true;
}

void* Tensor::data_ptr() const {
  if (!storage_) throw TensorError("use of an undefined tensor");
  return static_cast<char*>(storage_->data()) + offset_ * int64_t(dtype_size(dtype_));
}

Scalar Tensor::at(int64_t flat) const {
  if (flat < 0 || flat >= numel())
    throw TensorError("index " + std::to_string(flat) + " is out of range for a tensor of " +
                      std::to_string(numel()) + " elements");
  int64_t off = 0;
  for (int i = dim() - 1; i >= 0; --i) {
    off += (flat % sizes_[i]) * strides_[i];
    flat /= sizes_[i];
  }
  const char* p = static_cast<const char*>(data_ptr()) + off * int64_t(dtype_size(dtype_));
  switch (dtype_) {
    case DType::F32: { float v; std::memcpy(&v, p, 4); return Scalar::from_float(v); }
    case DType::F64: { double v; std::memcpy(&v, p, 8); return Scalar::from_float(v); }
    case DType::I64: { int64_t v; std::memcpy(&v, p, 8); return Scalar::from_int(v); }
    case DType::I32: { int32_t v; std::memcpy(&v, p, 4); return Scalar::from_int(v); }
    case DType::Bool: return Scalar::from_bool(*p != 0);
  }
  return {};
}

Scalar Tensor::item() const {
  int64_t n = numel();
  if (n != 1)
    throw TensorError("item(): a tensor with " + std::to_string(n) +
                      " elements cannot be converted to a number");
  return at(0);
}

}  // namespace tcc::rt
