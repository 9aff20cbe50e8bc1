// Implements StaticStridedView: walks a chain of view ops down to its base,
// then applies each op's stride rule on the way back up.
#include "passes/strided_view.h"

#include <algorithm>

#include "graph/shape.h"
#include "semantics/shape_ops.h"

namespace tcc::passes {

using namespace graph;

namespace {

std::optional<std::vector<int64_t>> StaticSizes(const Shape& s) {
  std::vector<int64_t> out;
  for (const Dim& d : s) {
    if (!d.is_static()) return std::nullopt;
    out.push_back(d.size);
  }
  return out;
}

std::vector<int64_t> Contiguous(const std::vector<int64_t>& sizes) {
  std::vector<int64_t> st(sizes.size());
  int64_t s = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    st[d] = s;
    s *= std::max<int64_t>(sizes[d], 1);
  }
  return st;
}

bool IsStrideView(OpKind op) {
  return CategoryOf(op) == OpCategory::View && op != OpKind::Flip;  // a flip would need negative strides
}

}  // namespace

std::optional<std::vector<int64_t>> ViewStrides(const std::vector<int64_t>& old, const std::vector<int64_t>& old_strides,
                                                const std::vector<int64_t>& shape) {
  int64_t numel = 1;
  for (int64_t s : old) numel *= s;
  if (numel == 0 || old.empty()) return Contiguous(shape);
  std::vector<int64_t> st(shape.size(), 0);
  if (!sem::ViewStridesInto(old, old_strides, shape, st)) return std::nullopt;
  return st;
}

std::optional<StridedView> StaticStridedView(const Graph& g, ValueId v, const std::vector<bool>& has_buffer,
                                             bool of_op) {
  const Node& n = g.nodes[v];
  auto out_sizes = StaticSizes(n.type.shape);
  if (!out_sizes) return std::nullopt;
  if ((has_buffer[v] && !of_op) || !IsStrideView(n.op)) {
    StridedView sv;
    sv.base = v;
    sv.sizes = *out_sizes;
    sv.strides = Contiguous(sv.sizes);
    return sv;
  }
  auto in = StaticStridedView(g, n.inputs[0], has_buffer);
  if (!in) return std::nullopt;
  StridedView sv = *in;
  int64_t rank = static_cast<int64_t>(in->sizes.size());
  auto norm = [&](int64_t p, int64_t ax) { return p < 0 ? p + in->sizes[ax] : p; };
  if (n.op == OpKind::Transpose) {
    if (rank > 0) {
      int64_t a = (n.attrs.axes[0] + rank) % rank, b = (n.attrs.axes[1] + rank) % rank;
      std::swap(sv.sizes[a], sv.sizes[b]);
      std::swap(sv.strides[a], sv.strides[b]);
    }
  } else if (n.op == OpKind::Permute) {
    for (int64_t i = 0; i < rank; ++i) {
      int64_t src = (n.attrs.axes[i] + rank) % rank;
      sv.sizes[i] = in->sizes[src];
      sv.strides[i] = in->strides[src];
    }
  } else if (n.op == OpKind::Slice) {
    int64_t ax = (n.attrs.axis + rank) % rank;
    int64_t start = std::clamp<int64_t>(norm(n.attrs.ints[0], ax), 0, in->sizes[ax]);
    int64_t step = n.attrs.ints[2];
    if (step <= 0) return std::nullopt;
    sv.offset += start * in->strides[ax];
    sv.strides[ax] *= step;
  } else if (n.op == OpKind::Select) {
    int64_t ax = (n.attrs.axis + rank) % rank;
    sv.offset += norm(n.attrs.ints[0], ax) * in->strides[ax];
    sv.strides.erase(sv.strides.begin() + ax);
  } else if (n.op == OpKind::Unsqueeze) {
    int64_t ax = n.attrs.axis < 0 ? n.attrs.axis + rank + 1 : n.attrs.axis;
    sv.strides.insert(sv.strides.begin() + ax, 0);
  } else if (n.op == OpKind::Squeeze) {
    auto axes = NormalizeAxes(n.attrs.axes, in->sizes.size()).value_or(std::vector<int64_t>{});
    sv.strides.clear();
    for (int64_t i = 0; i < rank; ++i) {
      bool listed = std::find(axes.begin(), axes.end(), i) != axes.end();
      if (!(listed && in->sizes[i] == 1)) sv.strides.push_back(in->strides[i]);
    }
  } else if (n.op == OpKind::Expand) {
    size_t off = out_sizes->size() - in->sizes.size();
    sv.strides.assign(off, 0);
    for (size_t i = 0; i < in->sizes.size(); ++i)
      sv.strides.push_back(in->sizes[i] == 1 && (*out_sizes)[i + off] != 1 ? 0 : in->strides[i]);
  } else if (n.op == OpKind::Reshape) {
    auto st = ViewStrides(in->sizes, in->strides, *out_sizes);
    if (!st) return std::nullopt;
    sv.strides = *st;
  } else {
    return std::nullopt;
  }
  sv.sizes = *out_sizes;
  if (sv.strides.size() != sv.sizes.size()) return std::nullopt;  // a squeeze of a non-unit dim: not a view
  return sv;
}

std::vector<ValueId> ViewChain(const Graph& g, ValueId v, ValueId base) {
  std::vector<ValueId> chain;
  while (v != base && v >= 0) {
    chain.push_back(v);
    v = g.nodes[v].inputs[0];
  }
  return chain;
}

}  // namespace tcc::passes
