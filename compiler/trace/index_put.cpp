// `x[:, :, pos] = v`: a store at the positions of a 1-d int tensor along one
// dimension, every other index a full slice (gpt-fast's static KV cache,
// `k_out[:, :, input_pos] = k_val`), as a graph op: index_copy_ along that
// dimension, a Scatter of v broadcast to the selected block, then the
// in-place update of x. Negative positions count from the end as torch's
// index_put_; a position out of range is the scatter kernel's error at run
// time. Other stores (`x[i] = v`, `x[a:b] = v`) run in the interpreter.
#include "semantics/scatter.h"
#include "trace/tracer.h"

namespace tcc::trace {

namespace {
bool IsFullSlice(const ValuePtr& v) {
  if (v->kind != VK::Slice || v->items.size() != 3) return false;
  for (const auto& b : v->items)
    if (b->kind != VK::None) return false;
  return true;
}
}  // namespace

bool Tracer::IndexPutStore(const ValuePtr& base, const ValuePtr& idx, const ValuePtr& v, Range where) {
  if (!base->rank_known || (v->kind != VK::Tensor && !v->is_number())) return false;
  if (v->kind == VK::Tensor && !v->rank_known) return false;
  std::vector<ValuePtr> parts = idx->kind == VK::Tuple && idx->known ? idx->items : std::vector<ValuePtr>{idx};
  const Shape xs = syms.Resolve(base->type.shape);
  if (parts.size() > xs.size()) return false;
  int dim = -1;
  for (size_t i = 0; i < parts.size(); ++i) {
    const ValuePtr& p = parts[i];
    if (IsFullSlice(p)) continue;
    bool positions = p->kind == VK::Tensor && p->rank_known && p->type.shape.size() == 1 &&
                     IsIntType(p->type.dtype) && p->type.dtype != graph::DType::Bool;
    if (!positions || dim >= 0) return false;
    dim = static_cast<int>(i);
  }
  if (dim < 0 || !xs[static_cast<size_t>(dim)].is_static()) return false;
  // The block written: x's shape with the positions' length at `dim`.
  Shape block = xs;
  block[static_cast<size_t>(dim)] = syms.Resolve(parts[static_cast<size_t>(dim)]->type.shape)[0];
  for (const Dim& d : block)
    if (!d.is_static()) return false;
  // v broadcast to the block (torch's rule: trailing dims equal or 1).
  ValuePtr src;
  if (v->kind == VK::Tensor) {
    const Shape vs = syms.Resolve(v->type.shape);
    if (vs.size() > block.size()) return false;
    for (size_t k = 0; k < vs.size(); ++k) {
      const Dim& want = block[block.size() - vs.size() + k];
      if (!vs[k].is_static() || (vs[k].size != 1 && vs[k].size != want.size)) return false;
    }
    Shape padded(block.size() - vs.size(), Dim::Static(1));
    padded.insert(padded.end(), vs.begin(), vs.end());
    src = EmitCast(v, base->type.dtype, where);
    if (padded.size() != vs.size()) src = Emit(graph::OpKind::Reshape, {src}, {}, {base->type.dtype, padded}, where);
    if (padded != block) src = Emit(graph::OpKind::Expand, {src}, {}, {base->type.dtype, block}, where);
  } else {
    graph::Attrs a;
    a.fvalue = v->known ? v->as_double() : 1;
    ValuePtr c = Emit(graph::OpKind::Full, {}, a, {base->type.dtype, {}}, where);
    if (!v->known) c = EmitCast(EmitBinary(graph::OpKind::Mul, c, v, where, false), base->type.dtype, where);
    src = Emit(graph::OpKind::Expand, {c}, {}, {base->type.dtype, block}, where);
  }
  // The positions, negative ones from the end, along `dim` of the block.
  ValuePtr pos = EmitCast(parts[static_cast<size_t>(dim)], graph::DType::I64, where);
  ValuePtr n = MakeInt(xs[static_cast<size_t>(dim)].size);
  ValuePtr neg = EmitBinary(graph::OpKind::Lt, pos, MakeInt(0), where, true);
  pos = Emit(graph::OpKind::Where, {neg, EmitBinary(graph::OpKind::Add, pos, n, where, false), pos}, {},
             {graph::DType::I64, pos->type.shape}, where);
  Shape line(block.size(), Dim::Static(1));
  line[static_cast<size_t>(dim)] = block[static_cast<size_t>(dim)];
  ValuePtr index = Emit(graph::OpKind::Reshape, {pos}, {}, {graph::DType::I64, line}, where);
  index = Emit(graph::OpKind::Expand, {index}, {}, {graph::DType::I64, block}, where);
  graph::Attrs a;
  a.axis = dim;
  a.ints = {static_cast<int64_t>(sem::ScatterMode::Assign), 1};
  ValuePtr out = Emit(graph::OpKind::Scatter, {base, index, src}, a, base->type, where);
  return InPlaceUpdate(base, out, where, "x[..., positions] = v", false) != base;
}

}  // namespace tcc::trace
