// Implements tensor methods (`x.sum(1)`, `x.item()`, ...), view ops
// (reshape, transpose, permute, flatten, squeeze, unsqueeze, expand) and
// joins (cat, stack).
#include <string_view>

#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

// By the row's rule (lang/semantics/builtins.def); the rows with parameters
// (issue 11's) were taken by OpsBuiltin before.
ValuePtr Tracer::TensorMethod(const std::string& name, const ValuePtr& t, CallArgs& args) {
  Range where = args.range;
  if (ValuePtr r = IndexShapeBuiltin(name, t, args)) return r;
  const sem::BuiltinInfo* row = sem::FindBuiltin(name);
  if (!row) return ViewOp(name, t, args, 0);  // not a row: ViewOp reports it
  using R = sem::BuiltinRule;
  switch (row->rule) {
    case R::Convert:
      if (ValuePtr r = ConvertMethod(name, t, args)) return r;
      break;
    case R::Reduce: return Reduction(name, t, args, 0);
    case R::Unary: return UnaryMethod(*row->op, t, where);
    case R::Binary: case R::Ternary: return Elementwise(name, args, t);
    case R::Contract: {  // x.matmul(other)
      CallArgs two;
      two.pos = {t, args.Arg(0, "other") ? args.Arg(0, "other") : MakeUnknown()};
      two.range = where;
      return Creation(name, two);
    }
    case R::Cast: {
      // x.float() is float32, x.int() int32: torch's names (lang/semantics/dtypes.def)
      const bool named = row->id == sem::BuiltinId::t_to || row->id == sem::BuiltinId::t_type;
      std::optional<graph::DType> to = named ? DTypeArg(args.Arg(0, "dtype")) : sem::DTypeFromName(name);
      if (!to) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a dtype"); return MakeUnknown(); }
      return EmitCast(t, *to, where);
    }
    case R::Layout: return t;  // contiguous, detach (clone: OpsBuiltin, a value of its own)
    case R::View:
      if (name.ends_with("_as")) return ViewAsMethod(name, t, args);
      break;
    default: break;
  }
  return ViewOp(name, t, args, 0);
}

// x.exp(), x.logical_not(), x.bitwise_not(): the row's op (logical_not
// through bool, bitwise_not a logical not on bool and for ints only).
ValuePtr Tracer::UnaryMethod(graph::OpKind op, const ValuePtr& t, Range where) {
  if (op == graph::OpKind::Not)
    return EmitCast(EmitUnary(op, EmitCast(t, graph::DType::Bool, where), where, false), graph::DType::Bool, where);
  if (op == graph::OpKind::BitNot) {  // bitwise_not is `~`: logical not on bool, ints only otherwise
    if (t->type.dtype == graph::DType::Bool) return EmitUnary(graph::OpKind::Not, t, where, false);
    if (graph::IsFloat(t->type.dtype)) {
      Issue(DiagKind::TraceTypeError, where, "`bitwise_not` of a float tensor (torch: not implemented for float)");
      return MakeUnknown();
    }
  }
  return EmitUnary(op, t, where, false);
}

// item, tolist, numel, is_floating_point, dim, size: Python values from a
// tensor (its data: a break, unless known at module scope); null for the
// other Convert rows.
ValuePtr Tracer::ConvertMethod(const std::string& name, const ValuePtr& t, CallArgs& args) {
  Range where = args.range;
  const auto id = IdOf(name);
  if (id == t_item || id == t_tolist) {
    if (ValuePtr k = id == t_item ? KnownScalar(t) : KnownList(t)) return k;  // module scope, from constants
    Break(BreakKind::TensorToScalar, where,
          "`." + name + "()` copies tensor data into " + (id == t_item ? "a Python number" : "a Python list"));
    if (id == t_tolist) {
      auto l = MakeSeq(VK::List, {MakeUnknown()});
      l->known = false;
      return l;
    }
    return MakeUnknownOf(IsFloatType(t->type.dtype) ? VK::Float : t->type.dtype == graph::DType::Bool ? VK::Bool
                                                                                                      : VK::Int);
  }
  if (id == t_numel) {
    if (!t->rank_known) return MakeUnknownOf(VK::Int);
    auto n = StaticNumel(syms.Resolve(t->type.shape));
    return n ? MakeInt(*n) : MakeUnknownOf(VK::Int);
  }
  if (id == t_is_floating_point) return MakeBool(IsFloatType(t->type.dtype));
  if (id == t_dim) return t->rank_known ? MakeInt(static_cast<int64_t>(t->type.shape.size())) : MakeUnknownOf(VK::Int);
  if (id == t_size) {
    if (!t->rank_known) return MakeUnknown();
    ValuePtr d = args.Arg(0, "dim");
    Shape s = syms.Resolve(t->type.shape);
    if (!d) {
      std::vector<ValuePtr> items;
      for (const auto& x : s) items.push_back(MakeDimInt(x));
      return MakeSize(items);
    }
    auto k = KnownInt(d);
    int64_t r = static_cast<int64_t>(s.size());
    if (!k || *k < -r || *k >= r) { Issue(DiagKind::TraceTypeError, where, "`size` dimension out of range"); return MakeUnknown(); }
    return MakeDimInt(s[*k < 0 ? *k + r : *k]);
  }
  return nullptr;
}

// x.expand_as(o), x.reshape_as(o), x.view_as(o): o's shape, its symbols kept exactly.
ValuePtr Tracer::ViewAsMethod(const std::string& name, const ValuePtr& t, CallArgs& args) {
  Range where = args.range;
  ValuePtr o = args.Arg(0, "other");
  if (!o || o->kind != VK::Tensor) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a tensor"); return MakeUnknown(); }
  std::vector<ValuePtr> dims;
  for (const auto& d : syms.Resolve(o->type.shape)) dims.push_back(MakeDimInt(d));
  CallArgs a2;
  a2.range = where;
  a2.pos = dims;
  ValuePtr r = ViewOp(IdOf(name) == t_expand_as ? "expand" : "reshape", t, a2, 0);
  if (r->kind == VK::Tensor && !tape.empty() && tape.back().out == r) {
    tape.back().out->type.shape = o->type.shape;
  }
  if (r->kind == VK::Tensor) r->type.shape = o->type.shape;
  return r;
}

ValuePtr Tracer::ViewOp(const std::string& name, const ValuePtr& t, CallArgs& args, size_t first) {
  Range where = args.range;
  if (!t->rank_known) {
    MarkEager("`" + name + "` of a tensor whose rank is known only at run time", where);
    auto r = MakeTensor(t->type);
    r->rank_known = false;
    return r;
  }
  const Shape& in = t->type.shape;
  std::vector<ValuePtr> rest(args.pos.begin() + std::min(first, args.pos.size()), args.pos.end());
  graph::Attrs a;
  RuleResult<Shape> s = std::string("unknown view");
  graph::OpKind op = graph::OpKind::Reshape;
  const auto id = IdOf(name);
  if (id == t_reshape || id == t_view) {
    if (rest.empty() && args.Kw("shape")) rest = {args.Kw("shape")};
    std::vector<bool> infer;
    bool ok;
    auto dims = DimsFromArgs(rest, &infer, where, &ok);
    if (!ok) return MakeUnknown();
    s = Reshape(syms, in, dims, infer);
  } else if (id == t_transpose) {
    auto d0 = KnownInt(args.Arg(first, "dim0")), d1 = KnownInt(args.Arg(first + 1, "dim1"));
    if (!d0 || !d1) { Issue(DiagKind::TraceTypeError, where, "`transpose` takes two dimensions"); return MakeUnknown(); }
    op = graph::OpKind::Transpose;
    s = Transpose(in, *d0, *d1);
    int64_t r = static_cast<int64_t>(in.size());
    a.axes = {*d0 < 0 ? *d0 + r : *d0, *d1 < 0 ? *d1 + r : *d1};
  } else if (id == t_mT) {  // the last two dims swapped
    int64_t r = static_cast<int64_t>(in.size());
    if (r < 2) { Issue(DiagKind::TraceTypeError, where, "`mT` needs a tensor of at least 2 dims"); return MakeUnknown(); }
    op = graph::OpKind::Transpose;
    s = Transpose(in, r - 2, r - 1);
    a.axes = {r - 2, r - 1};
  } else if (id == t_T || id == t_t) {
    if (in.size() < 2) return t;
    if (in.size() == 2) {
      op = graph::OpKind::Transpose;
      a.axes = {0, 1};
      s = Transpose(in, 0, 1);
    } else {
      op = graph::OpKind::Permute;
      for (int64_t i = static_cast<int64_t>(in.size()) - 1; i >= 0; --i) a.axes.push_back(i);
      s = Permute(in, a.axes);
    }
  } else if (id == t_permute) {
    std::vector<ValuePtr> ps = rest.size() == 1 && (rest[0]->kind == VK::List || rest[0]->kind == VK::Tuple)
                                   ? rest[0]->items : rest;
    for (const auto& p : ps) {
      auto k = KnownInt(p);
      if (!k) { Issue(DiagKind::TraceTypeError, where, "`permute` needs dimensions known at compile time"); return MakeUnknown(); }
      a.axes.push_back(*k < 0 ? *k + static_cast<int64_t>(in.size()) : *k);
    }
    op = graph::OpKind::Permute;
    s = Permute(in, a.axes);
  } else if (id == t_flatten) {
    auto st = args.Arg(first, "start_dim") ? KnownInt(args.Arg(first, "start_dim")) : std::optional<int64_t>(0);
    auto en = args.Arg(first + 1, "end_dim") ? KnownInt(args.Arg(first + 1, "end_dim")) : std::optional<int64_t>(-1);
    if (!st || !en) { Issue(DiagKind::TraceTypeError, where, "`flatten` needs dimensions known at compile time"); return MakeUnknown(); }
    s = Flatten(syms, in, *st, *en);
  } else if (id == t_squeeze) {
    ValuePtr d = args.Arg(first, "dim");
    std::optional<int64_t> dim;
    if (d) {
      dim = KnownInt(d);
      if (!dim) { Issue(DiagKind::TraceTypeError, where, "`squeeze` needs a dimension known at compile time"); return MakeUnknown(); }
    }
    op = graph::OpKind::Squeeze;
    std::vector<int64_t> removed;
    s = Squeeze(syms, in, dim, &removed);
    a.axes = removed;
    if (removed.empty() && std::holds_alternative<Shape>(s)) return t;
  } else if (id == t_unsqueeze) {
    auto d = KnownInt(args.Arg(first, "dim"));
    if (!d) { Issue(DiagKind::TraceTypeError, where, "`unsqueeze` needs a dimension known at compile time"); return MakeUnknown(); }
    op = graph::OpKind::Unsqueeze;
    s = Unsqueeze(in, *d);
    a.axis = *d < 0 ? *d + static_cast<int64_t>(in.size()) + 1 : *d;
  } else if (id == t_expand) {
    std::vector<bool> keep;
    bool ok;
    auto dims = DimsFromArgs(rest, &keep, where, &ok);
    if (!ok) return MakeUnknown();
    op = graph::OpKind::Expand;
    s = Expand(syms, in, dims, keep);
  } else {
    if (Traced()) Break(BreakKind::Unsupported, where, "tensor method `" + name + "`");
    return MakeUnknown();
  }
  if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, where);
  Shape out = std::get<Shape>(s);
  if (op == graph::OpKind::Reshape && syms.Resolve(out) == syms.Resolve(in)) return t;
  return Emit(op, {t}, a, {t->type.dtype, out}, where);
}

ValuePtr Tracer::JoinOp(const std::string& name, CallArgs& args) {
  Range where = args.range;
  ValuePtr list = args.Arg(0, "tensors");
  if (!list || !(list->kind == VK::List || list->kind == VK::Tuple) || !list->known) {
    if (Traced()) Break(BreakKind::Unsupported, where, "`" + name + "` of a list whose length is known only at run time");
    // Still a tensor (of a rank known at run time) when the items seen are
    // tensors: what follows (`.sum(0)`) is not reported again as unresolved.
    bool tensors = list && (list->kind == VK::List || list->kind == VK::Tuple) && !list->items.empty();
    for (size_t i = 0; tensors && i < list->items.size(); ++i) tensors = list->items[i]->kind == VK::Tensor;
    if (!tensors) return MakeUnknown();
    auto r = MakeTensor({list->items[0]->type.dtype, {}});
    r->rank_known = false;
    return r;
  }
  std::vector<Shape> shapes;
  graph::DType dt = graph::DType::Bool;
  bool first = true;
  for (const auto& v : list->items) {
    if (v->kind != VK::Tensor || !v->rank_known) {
      if (v->kind != VK::Unknown && v->kind != VK::Tensor)
        Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a list of tensors, found " + Describe(*v));
      return MakeUnknown();
    }
    shapes.push_back(v->type.shape);
    dt = first ? v->type.dtype : Promote(dt, v->type.dtype);
    first = false;
  }
  auto d = KnownInt(args.Arg(1, "dim"));
  if (args.Arg(1, "dim") && !d) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a dimension known at compile time"); return MakeUnknown(); }
  int64_t norm = 0;
  const graph::OpKind op = *sem::FindBuiltin(name)->op;  // the row's: Cat, Stack
  const bool cat = op == graph::OpKind::Cat;
  auto s = cat ? Cat(syms, shapes, d.value_or(0), &norm) : Stack(syms, shapes, d.value_or(0), &norm);
  if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, where);
  graph::Attrs a;
  a.axis = norm;
  return Emit(op, list->items, a, {dt, std::get<Shape>(s)}, where);
}

}  // namespace tcc::trace
