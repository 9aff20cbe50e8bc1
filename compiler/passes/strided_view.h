// Views as index arithmetic: a chain of view ops (transpose, permute, slice,
// select, (un)squeeze, expand, and a reshape that torch's `view` would accept)
// over a buffer is the buffer itself read at an offset with other strides.
// The fusion plan uses it to leave such chains unmaterialised (a matmul gets
// them as transpose flags, leading dimensions, batch strides and an offset; a
// reshape in a fused nest loads through the strides); lowering uses it to
// build the strided operand. One function for both, so they agree.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "graph/graph.h"

namespace tcc::passes {

struct StridedView {
  graph::ValueId base = -1;      // the value whose contiguous buffer is read
  int64_t offset = 0;            // in elements
  std::vector<int64_t> sizes;    // of the view
  std::vector<int64_t> strides;  // in elements of the base's buffer
};

// The view v denotes over the first value of its chain that has a buffer
// (`has_buffer`, which must include the graph inputs) or is not a view op,
// assuming that value is stored contiguously. Nullopt when a shape on the way
// is symbolic, an op is not a stride view (flip, a reshape torch would copy).
// `of_op`: v's own buffer does not count (the view computing v itself, e.g.
// a reshape that is a nest's root).
std::optional<StridedView> StaticStridedView(const graph::Graph& g, graph::ValueId v,
                                             const std::vector<bool>& has_buffer, bool of_op = false);

// The view ops between v and its base (v first), for the plan's listing.
std::vector<graph::ValueId> ViewChain(const graph::Graph& g, graph::ValueId v, graph::ValueId base);

// Strides of `shape` as a view of a buffer with sizes `old` and strides
// `old_strides` (torch's view rule), or nullopt when a copy is needed.
std::optional<std::vector<int64_t>> ViewStrides(const std::vector<int64_t>& old, const std::vector<int64_t>& old_strides,
                                                const std::vector<int64_t>& shape);

}  // namespace tcc::passes
