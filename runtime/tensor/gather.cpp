// gather.cpp: implements gather, index_select and flip (torch semantics);
// sort and scatter are in sort.cpp.
#include <algorithm>
#include <numeric>

#include "tensor/internal.h"

namespace tcc::rt {
using namespace detail;

namespace {

int64_t norm_dim(int64_t d, int rank, const char* what) {
  int r = std::max(rank, 1);
  if (d < -r || d >= r)
    throw TensorError(std::string(what) + ": dimension " + std::to_string(d) + " is out of range for a tensor of " +
                      std::to_string(rank) + " dimensions");
  return d < 0 ? d + r : d;
}

// Row-major coordinates of flat position `flat` in `sizes`.
void unravel(int64_t flat, const Dims& sizes, int64_t* coord) {
  for (int d = sizes.size() - 1; d >= 0; --d) {
    coord[d] = sizes[d] ? flat % sizes[d] : 0;
    flat = sizes[d] ? flat / sizes[d] : 0;
  }
}

int64_t offset_of(const Tensor& t, const int64_t* coord) {
  int64_t o = t.offset();
  for (int d = 0; d < t.dim(); ++d) o += coord[d] * t.strides()[d];
  return o;
}

int64_t index_at(const Tensor& ix, const int64_t* coord) {
  int64_t o = offset_of(ix, coord);
  if (ix.dtype() == DType::I32) return static_cast<const int32_t*>(ix.storage()->data())[o];
  return static_cast<const int64_t*>(ix.storage()->data())[o];
}

void check_index_tensor(const Tensor& ix, const char* what) {
  if (ix.dtype() != DType::I64 && ix.dtype() != DType::I32)
    throw TensorError(std::string(what) + ": the index must be an int64 tensor, not " + dtype_name(ix.dtype()));
}

void check_gather_shapes(const Tensor& x, const Tensor& ix, int64_t dim, const char* what) {
  int xr = std::max(x.dim(), 1), ir = std::max(ix.dim(), 1);
  if (xr != ir)
    throw TensorError(std::string(what) + ": index and input must have the same number of dimensions");
  for (int d = 0; d < ix.dim() && x.dim() > 0; ++d)
    if (d != dim && ix.sizes()[d] > x.sizes()[d])
      throw TensorError(std::string(what) + ": index size " + std::to_string(ix.sizes()[d]) +
                        " exceeds input size " + std::to_string(x.sizes()[d]) + " in dimension " + std::to_string(d));
}

}  // namespace

Tensor gather(const Tensor& x, int64_t dim, const Tensor& index) {
  check_index_tensor(index, "gather");
  int64_t ax = norm_dim(dim, x.dim(), "gather");
  check_gather_shapes(x, index, ax, "gather");
  Tensor out = Tensor::empty(index.sizes(), x.dtype());
  int64_t n = out.numel(), size = x.dim() ? x.sizes()[int(ax)] : 1;
  size_t w = dtype_size(x.dtype());
  const char* src = static_cast<const char*>(x.storage()->data());
  char* dst = static_cast<char*>(out.data_ptr());
  int64_t coord[kMaxDims] = {};
  for (int64_t f = 0; f < n; ++f) {
    unravel(f, index.sizes(), coord);
    int64_t p = index_at(index, coord);
    if (p < 0 || p >= size)
      throw TensorError("gather: index " + std::to_string(p) + " is out of range for dimension " + std::to_string(ax) +
                        " of size " + std::to_string(size));
    int64_t o = x.offset();
    for (int d = 0; d < x.dim(); ++d) o += (d == ax ? p : coord[d]) * x.strides()[d];
    std::memcpy(dst + f * w, src + o * w, w);
  }
  return out;
}

Tensor index_select(const Tensor& x, int64_t dim, const Tensor& index) {
  check_index_tensor(index, "index_select");
  if (index.dim() > 1) throw TensorError("index_select: the index must be 1-d");
  int64_t ax = norm_dim(dim, x.dim(), "index_select");
  std::vector<IndexItem> items;
  for (int64_t d = 0; d < ax; ++d) items.push_back(Slice{});
  if (x.dim() == 0) throw TensorError("index_select: the input must have at least one dimension");
  items.push_back(index.dim() == 0 ? unsqueeze(index, 0) : index);
  return rt::index(x, items);
}

Tensor flip(const Tensor& x, std::span<const int64_t> dims) {
  Tensor out = Tensor::empty(x.sizes(), x.dtype());
  std::vector<bool> rev(std::max(x.dim(), 1), false);
  for (int64_t d : dims) {
    int64_t a = norm_dim(d, x.dim(), "flip");
    if (rev[a]) throw TensorError("flip: dimension " + std::to_string(d) + " appears twice");
    rev[a] = true;
  }
  int64_t n = out.numel();
  size_t w = dtype_size(x.dtype());
  const char* src = static_cast<const char*>(x.storage()->data());
  char* dst = static_cast<char*>(out.data_ptr());
  int64_t coord[kMaxDims] = {};
  for (int64_t f = 0; f < n; ++f) {
    unravel(f, x.sizes(), coord);
    int64_t o = x.offset();
    for (int d = 0; d < x.dim(); ++d) o += (rev[d] ? x.sizes()[d] - 1 - coord[d] : coord[d]) * x.strides()[d];
    std::memcpy(dst + f * w, src + o * w, w);
  }
  return out;
}

}  // namespace tcc::rt
