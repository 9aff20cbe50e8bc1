// Implements the index ops of a graph: advanced indexing with index tensors
// (`emb[tokens]`, `x[arange(n), y]`, `x[:, idx]`), `gather` and
// `index_select`. Each becomes one `take` or `gather` node with a shape known
// at compile time (graph/ops.def), so the values that follow keep their
// shapes and stay in the graph. Boolean masks select a number of elements
// known only from the data: a break, as in torch.compile.
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

namespace {
bool IsIndexDType(graph::DType t) { return IsIntType(t) && t != graph::DType::Bool; }
}  // namespace

// A list of Python ints used as an index (`x[[0, 2]]`): an int64 constant.
ValuePtr Tracer::IndexListTensor(const ValuePtr& list, Range where) {
  std::vector<double> data;
  for (const auto& it : list->items) {
    auto k = KnownInt(it);
    if (!k || it->kind == VK::Bool) return nullptr;
    data.push_back(static_cast<double>(*k));
  }
  if (!list->known) return nullptr;
  graph::Attrs a;
  a.fvalues = data;
  if (data.size() == 1) a.fvalue = data[0];
  ValuePtr r = Emit(graph::OpKind::Constant, {}, a,
                    {graph::DType::I64, {Dim::Static(static_cast<int64_t>(data.size()))}}, where);
  r->data = data;
  return r;
}

// x[parts] where at least one part is an index tensor or a list of ints.
// torch's rules: ints, slices and None apply first (basic indexing); the
// index tensors broadcast together, and their result dims stand where the
// first of them was if they index adjacent dims of that view, else at the front.
ValuePtr Tracer::AdvancedIndex(const ValuePtr& base, const std::vector<const ast::Expr*>& parts,
                               std::vector<ValuePtr> vals, Range where) {
  if (!base->rank_known) {
    MarkEager("advanced indexing of a tensor whose rank is known only at run time", where);
    auto r = MakeTensor(graph::TensorType{base->type.dtype, {}});
    r->rank_known = false;
    return r;
  }
  for (size_t i = 0; i < vals.size(); ++i) {
    if (vals[i]->kind == VK::List) {
      ValuePtr t = IndexListTensor(vals[i], parts[i]->range);
      if (!t) {
        if (Traced()) Break(BreakKind::Unsupported, parts[i]->range, "indexing a tensor with a list that is not of ints known at compile time");
        auto r = MakeTensor(graph::TensorType{base->type.dtype, {}});
        r->rank_known = false;
        return r;
      }
      vals[i] = t;
    }
  }
  int64_t rank = static_cast<int64_t>(base->type.shape.size());
  int64_t consumed = 0;
  for (const auto& v : vals)
    if (v->kind != VK::None && v->kind != VK::Ellipsis) ++consumed;
  if (consumed > rank) {
    Issue(DiagKind::TraceTypeError, where, "too many indices for a tensor of rank " + std::to_string(rank));
    return MakeUnknown();
  }
  // Basic indices first; advanced ones are remembered with the dim they index.
  ValuePtr cur = base;
  int64_t dim = 0;
  std::vector<std::pair<int64_t, ValuePtr>> adv;
  for (size_t i = 0; i < vals.size(); ++i) {
    const ValuePtr& v = vals[i];
    Range pr = parts[i]->range;
    if (v->kind == VK::Ellipsis) {
      dim += rank - consumed;
      continue;
    }
    if (v->kind == VK::None) {
      graph::Attrs a;
      a.axis = dim;
      auto s = Unsqueeze(cur->type.shape, dim);
      cur = Emit(graph::OpKind::Unsqueeze, {cur}, a, {cur->type.dtype, std::get<Shape>(s)}, pr);
      for (auto& [d, t] : adv) (void)t, d += d >= dim ? 1 : 0;
      ++dim;
      continue;
    }
    if (v->kind == VK::Tensor) {
      if (!IsIndexDType(v->type.dtype)) {
        Issue(DiagKind::TraceTypeError, pr, std::string("tensors used as indices must be integer tensors, not ") +
                                                DTypeSpelling(v->type.dtype));
        return MakeUnknown();
      }
      adv.push_back({dim++, v});
      continue;
    }
    if (auto k = KnownInt(v); k && v->kind == VK::Int) {
      // an int selects (basic indexing, as torch does: not an advanced index)
      graph::Attrs a;
      a.axis = dim;
      int64_t norm = 0;
      auto s = SelectDim(cur->type.shape, dim, *k, &norm);
      if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, pr);
      a.ints = {norm};
      cur = Emit(graph::OpKind::Select, {cur}, a, {cur->type.dtype, std::get<Shape>(s)}, pr);
      continue;
    }
    if (v->kind == VK::Slice) {
      std::optional<int64_t> b[3];
      bool ok = true;
      for (int j = 0; j < 3; ++j) {
        if (v->items[j]->kind == VK::None) continue;
        b[j] = KnownInt(v->items[j]);
        ok = ok && b[j].has_value();
      }
      if (!ok) {
        if (Traced()) Break(BreakKind::Unsupported, pr, "slicing a tensor with bounds known only at run time");
        auto r = MakeTensor(graph::TensorType{base->type.dtype, {}});
        r->rank_known = false;
        return r;
      }
      int64_t step = b[2].value_or(1);
      if (b[0] || b[1] || step != 1) {
        std::vector<int64_t> norm;
        auto s = SliceDim(syms, cur->type.shape, dim, b[0], b[1], step, &norm);
        if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, pr);
        graph::Attrs a;
        a.axis = dim;
        a.ints = norm;
        cur = Emit(graph::OpKind::Slice, {cur}, a, {cur->type.dtype, std::get<Shape>(s)}, pr);
      }
      ++dim;
      continue;
    }
    if (v->kind == VK::Unknown) return MakeUnknown();
    if (v->kind == VK::Int) {
      if (Traced()) Break(BreakKind::Unsupported, pr, "indexing a tensor with an int known only at run time");
      auto r = MakeTensor(graph::TensorType{base->type.dtype, {}});
      r->rank_known = false;
      return r;
    }
    Issue(DiagKind::TraceTypeError, pr, "a tensor cannot be indexed with " + Describe(*v));
    return MakeUnknown();
  }
  // Adjacent advanced dims stay in place; otherwise they move to the front.
  bool adjacent = true;
  for (size_t j = 1; j < adv.size(); ++j) adjacent = adjacent && adv[j].first == adv[j - 1].first + 1;
  int64_t at = adv.front().first;
  int64_t crank = static_cast<int64_t>(cur->type.shape.size());
  if (!adjacent) {
    graph::Attrs a;
    for (const auto& [d, t] : adv) a.axes.push_back(d);
    for (int64_t d = 0; d < crank; ++d) {
      bool listed = false;
      for (const auto& [ad, t] : adv) listed = listed || ad == d;
      if (!listed) a.axes.push_back(d);
    }
    auto s = Permute(cur->type.shape, a.axes);
    cur = Emit(graph::OpKind::Permute, {cur}, a, {cur->type.dtype, std::get<Shape>(s)}, where);
    at = 0;
  }
  Shape b;
  std::vector<ValuePtr> inputs = {cur};
  for (const auto& [d, t] : adv) {
    auto s = Broadcast(syms, b, t->type.shape);
    if (auto* err = std::get_if<std::string>(&s)) return ShapeError("index tensors do not broadcast: " + *err, where);
    b = std::get<Shape>(s);
    inputs.push_back(t);
  }
  const Shape& cs = cur->type.shape;
  Shape out(cs.begin(), cs.begin() + at);
  out.insert(out.end(), b.begin(), b.end());
  out.insert(out.end(), cs.begin() + at + static_cast<int64_t>(adv.size()), cs.end());
  graph::Attrs a;
  a.axis = at;
  return Emit(graph::OpKind::Take, inputs, a, {cur->type.dtype, out}, where);
}

// gather(input, dim, index) and index_select(input, dim, index).
ValuePtr Tracer::GatherOp(const std::string& name, const ValuePtr& self, CallArgs& args) {
  const auto id = IdOf(name);
  Range where = args.range;
  size_t first = self ? 0 : 1;
  ValuePtr x = self ? self : args.Arg(0, "input");
  ValuePtr d = args.Arg(first, "dim"), ix = args.Arg(first + 1, "index");
  if (!x || !ix || x->kind != VK::Tensor || ix->kind != VK::Tensor) {
    if (x && ix && (x->kind == VK::Unknown || ix->kind == VK::Unknown)) return MakeUnknown();
    Issue(DiagKind::TraceTypeError, where, "`" + name + "` takes a tensor, a dimension and an index tensor");
    return MakeUnknown();
  }
  auto k = KnownInt(d);
  if (!k) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a dimension known at compile time"); return MakeUnknown(); }
  if (!x->rank_known || !ix->rank_known) {
    MarkEager("`" + name + "` of a tensor whose rank is known only at run time", where);
    auto r = MakeTensor(graph::TensorType{x->type.dtype, {}});
    r->rank_known = false;
    return r;
  }
  if (!IsIndexDType(ix->type.dtype)) {
    Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs an integer index tensor");
    return MakeUnknown();
  }
  const Shape& xs = x->type.shape;
  int64_t rank = static_cast<int64_t>(xs.size());
  int64_t r0 = std::max<int64_t>(rank, 1);
  if (*k < -r0 || *k >= r0) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` dimension out of range"); return MakeUnknown(); }
  int64_t ax = *k < 0 ? *k + r0 : *k;
  if (rank == 0) {  // a 0-d input: index must hold position 0 (checked at run time)
    return Emit(graph::OpKind::Gather, {Emit(graph::OpKind::Unsqueeze, {x}, graph::Attrs{}, {x->type.dtype, {Dim::Static(1)}}, where),
                                        ix}, graph::Attrs{}, {x->type.dtype, ix->type.shape}, where);
  }
  graph::Attrs a;
  a.axis = ax;
  if (id == t_index_select) {
    if (ix->type.shape.size() > 1) { Issue(DiagKind::TraceTypeError, where, "`index_select` needs a 1-d index"); return MakeUnknown(); }
    Shape out = xs;
    out[ax] = ix->type.shape.empty() ? Dim::Static(1) : ix->type.shape[0];
    ValuePtr i1 = ix;
    if (ix->type.shape.empty()) {
      graph::Attrs u;
      i1 = Emit(graph::OpKind::Unsqueeze, {ix}, u, {ix->type.dtype, {Dim::Static(1)}}, where);
    }
    return Emit(graph::OpKind::Take, {x, i1}, a, {x->type.dtype, out}, where);
  }
  // gather: same rank; index.size(d) <= input.size(d) for d != dim (static sizes checked here)
  const Shape& is = ix->type.shape;
  if (static_cast<int64_t>(is.size()) != rank) {
    Issue(DiagKind::TraceTypeError, where, "`gather`: index and input must have the same number of dimensions");
    return MakeUnknown();
  }
  for (int64_t i = 0; i < rank; ++i) {
    Dim ri = syms.Resolve(is[i]), rx = syms.Resolve(xs[i]);
    if (i != ax && !(ri == rx) && !(ri.is_static() && rx.is_static())) {
      // sizes known only at run time that may differ: the kernel would read out of range
      MarkEager("`gather` with index and input sizes known only at run time", where);
      return MakeTensor(graph::TensorType{x->type.dtype, is});
    }
    if (i != ax && ri.is_static() && rx.is_static() && ri.size > rx.size)
      return ShapeError("`gather`: index size " + std::to_string(ri.size) + " exceeds input size " +
                            std::to_string(rx.size) + " in dimension " + std::to_string(i),
                        where);
  }
  return Emit(graph::OpKind::Gather, {x, ix}, a, {x->type.dtype, is}, where);
}

}  // namespace tcc::trace
