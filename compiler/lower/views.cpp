// Implements the index maps of view ops (an element of the view is an element
// of its operand at another index) and reshape, which reads its operand's
// contiguous buffer through a linear index.
#include <algorithm>

#include "graph/shape.h"
#include "lower/emitter.h"
#include "passes/strided_view.h"

namespace tcc::lower {

using graph::Node;
using graph::OpKind;
using llvm::Value;

Index Emitter::ViewInputIndex(ValueId v, const Index& idx) {
  const Node& n = k_.g.nodes[v];
  const graph::Shape& s = k_.g.TypeOf(n.inputs[0]).shape;
  int64_t rank = static_cast<int64_t>(s.size());
  Index in;
  // Normalises a possibly negative position against dimension `ax` (clamped to [0, size]).
  auto norm = [&](int64_t p, int64_t ax, bool clamp) -> Value* {
    if (p >= 0 && (!clamp || (s[ax].is_static() && p <= s[ax].size))) return I64(p);
    if (s[ax].is_static()) {
      int64_t q = p < 0 ? p + s[ax].size : p;
      if (clamp) q = std::clamp<int64_t>(q, 0, s[ax].size);
      return I64(q);
    }
    Value* size = DimSize(s[ax]);
    Value* q = p < 0 ? b_.CreateAdd(I64(p), size) : I64(p);
    if (clamp) {
      q = b_.CreateSelect(b_.CreateICmpSLT(q, I64(0)), I64(0), q);
      q = b_.CreateSelect(b_.CreateICmpSGT(q, size), size, q);
    }
    return q;
  };
  switch (n.op) {
    case OpKind::Flip:
      in = idx;
      for (int64_t a : n.attrs.axes) {
        int64_t ax = (a + rank) % rank;
        in[ax] = b_.CreateSub(b_.CreateSub(DimSize(s[ax]), I64(1)), idx[ax]);
      }
      break;
    case OpKind::Transpose: {
      in = idx;
      if (rank == 0) break;
      int64_t a = (n.attrs.axes[0] + rank) % rank, c = (n.attrs.axes[1] + rank) % rank;
      std::swap(in[a], in[c]);
      break;
    }
    case OpKind::Permute:
      in.assign(rank, nullptr);
      for (int64_t i = 0; i < rank; ++i) in[(n.attrs.axes[i] + rank) % rank] = idx[i];
      break;
    case OpKind::Expand: return BroadcastIndex(s, n.type.shape, idx);
    case OpKind::Slice: {
      in = idx;
      int64_t ax = (n.attrs.axis + rank) % rank;
      Value* start = norm(n.attrs.ints[0], ax, true);
      int64_t step = n.attrs.ints[2];
      Value* scaled = step == 1 ? idx[ax] : b_.CreateMul(idx[ax], I64(step));
      in[ax] = b_.CreateAdd(start, scaled);
      break;
    }
    case OpKind::Select: {
      in = idx;
      int64_t ax = (n.attrs.axis + rank) % rank;
      in.insert(in.begin() + ax, norm(n.attrs.ints[0], ax, false));
      break;
    }
    case OpKind::Unsqueeze: {
      in = idx;
      int64_t ax = n.attrs.axis < 0 ? n.attrs.axis + rank + 1 : n.attrs.axis;
      in.erase(in.begin() + ax);
      break;
    }
    case OpKind::Squeeze: {
      auto axes = graph::NormalizeAxes(n.attrs.axes, s.size()).value_or(std::vector<int64_t>{});
      size_t k = 0;
      for (int64_t i = 0; i < rank; ++i) {
        bool listed = std::find(axes.begin(), axes.end(), i) != axes.end();
        if (listed && s[i].is_static() && s[i].size == 1) in.push_back(I64(0));
        else in.push_back(k < idx.size() ? idx[k++] : I64(0));
      }
      break;
    }
    case OpKind::Reshape:
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1  // every op but the views
#include "semantics/op_cases.inc"
      in = idx; break;
  }
  return in;
}

Value* Emitter::EvalReshape(ValueId v, const Index& idx) {
  const Node& n = k_.g.nodes[v];
  ValueId src = n.inputs[0];
  auto it = k_.buffers.find(src);
  if (it == k_.buffers.end()) {
    // A view chain over a buffer (the plan left it unmaterialised): load through its strides.
    if (auto sv = passes::StaticStridedView(k_.g, v, k_.plan.materialised, true); sv && k_.buffers.count(sv->base)) {
      const Buffer& base = k_.buffers.at(sv->base);
      Value* lin = I64(sv->offset);
      for (size_t d = 0; d < idx.size(); ++d)
        if (sv->sizes[d] != 1) lin = b_.CreateAdd(lin, b_.CreateMul(idx[d], I64(sv->strides[d])));
      return LoadElem(Buffer{base.data, {}, {I64(1)}, base.dtype}, {lin});
    }
    k_.errors.push_back("reshape %" + std::to_string(v) + ": operand has no contiguous buffer");
    return llvm::UndefValue::get(ElemType(k_.c, n.type.dtype));
  }
  // Linear index in the reshape's row-major order = the operand's element offset.
  Value* lin = I64(0);
  Value* stride = I64(1);
  for (size_t d = idx.size(); d-- > 0;) {
    lin = b_.CreateAdd(lin, b_.CreateMul(idx[d], stride));
    stride = b_.CreateMul(stride, DimSize(n.type.shape[d]));
  }
  Buffer flat{it->second.data, {}, {I64(1)}, it->second.dtype};
  return LoadElem(flat, {lin});
}

Buffer Emitter::StridedBuffer(const passes::StridedView& sv) {
  const Buffer& base = k_.buffers.at(sv.base);
  Buffer out;
  out.dtype = base.dtype;
  out.data = sv.offset == 0 ? base.data : b_.CreateInBoundsGEP(StoreType(k_.c, base.dtype), base.data, I64(sv.offset));
  for (size_t d = 0; d < sv.sizes.size(); ++d) {
    out.sizes.push_back(I64(sv.sizes[d]));
    out.strides.push_back(I64(sv.sizes[d] == 1 ? 0 : sv.strides[d]));
  }
  return out;
}

}  // namespace tcc::lower
