// The size rules of torch's splitting and repeating ops, written once for the
// tracer (compiler/trace/trace_shape_ops.cpp, which emits slices, selects and
// expands) and the interpreter (runtime/interp/builtins_index.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tcc::sem {

// A dimension argument against `rank` (a 0-d tensor takes 0 and -1), or
// nullopt when out of range.
inline std::optional<int64_t> NormDim(int64_t d, int64_t rank) {
  int64_t r = rank > 0 ? rank : 1;
  if (d < -r || d >= r) return std::nullopt;
  return d < 0 ? d + r : d;
}

// Piece lengths of torch.split(x, size, dim) over a dimension of n: pieces of
// `size`, the last one smaller; one empty piece when n is 0.
inline std::vector<int64_t> SplitSizes(int64_t n, int64_t size) {
  std::vector<int64_t> out;
  if (size <= 0) return out;
  if (n == 0) return {0};
  for (int64_t s = 0; s < n; s += size) out.push_back(s + size <= n ? size : n - s);
  return out;
}

// Piece lengths of torch.chunk(x, chunks, dim): split by ceil(n / chunks), so
// there may be fewer than `chunks` pieces; n == 0 gives `chunks` empty ones.
inline std::vector<int64_t> ChunkSizes(int64_t n, int64_t chunks) {
  if (chunks <= 0) return {};
  if (n == 0) return std::vector<int64_t>(static_cast<size_t>(chunks), 0);
  return SplitSizes(n, (n + chunks - 1) / chunks);
}

// The error message of a split-sizes list that does not add up, or "".
inline std::string CheckSplitList(const std::vector<int64_t>& sizes, int64_t n) {
  int64_t total = 0;
  for (int64_t s : sizes) {
    if (s < 0) return "split sizes must be non-negative";
    total += s;
  }
  if (total != n)
    return "split sizes " + std::to_string(total) + " in total do not add up to the dimension's size " +
           std::to_string(n);
  return "";
}

// torch.roll: the start of the rotated dimension (elements [n - s, n) come first).
inline int64_t RollStart(int64_t n, int64_t shift) {
  if (n == 0) return 0;
  int64_t s = shift % n;
  if (s < 0) s += n;
  return s == 0 ? 0 : n - s;
}

// The length of diagonal k of an [n, m] matrix (torch.diag / diagonal).
inline int64_t DiagLength(int64_t n, int64_t m, int64_t k) {
  int64_t len = k >= 0 ? std::min(n, m - k) : std::min(n + k, m);
  return len > 0 ? len : 0;
}

// torch's computeStride (the strides `view`/`reshape` give without a copy):
// fills `st` (already shape.size() long) with the strides that view a tensor
// of sizes `old` and strides `old_strides` (non-empty, no zero size) as
// `shape`, or returns false when the view needs a copy. The compiler (GEMM
// and nest views, passes/strided_view.cpp) and the runtime (tensor views,
// runtime/tensor/shape_ops.cpp) both use it, so a reshape is a view in a
// kernel exactly when it is one in eager code.
template <typename Sizes, typename Out>
bool ViewStridesInto(const Sizes& old, const Sizes& old_strides, const Sizes& shape, Out& st) {
  int64_t view_d = static_cast<int64_t>(shape.size()) - 1;
  int64_t chunk_base = old_strides[old.size() - 1], tensor_numel = 1, view_numel = 1;
  for (int64_t td = static_cast<int64_t>(old.size()) - 1; td >= 0; --td) {
    tensor_numel *= old[td];
    if (td == 0 || (old[td - 1] != 1 && old_strides[td - 1] != tensor_numel * chunk_base)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1)) {
        st[view_d] = view_numel * chunk_base;
        view_numel *= shape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return false;
      if (td > 0) {
        chunk_base = old_strides[td - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1;
}

}  // namespace tcc::sem
