// Implements the Index and Shape rows of lang/semantics/builtins.def in a
// graph: each Shape builtin becomes the slices, selects, expands, joins and
// elementwise ops it is made of (sizes by lang/semantics/shape_ops.h, as the
// interpreter's), so it fuses with its neighbours; max/min with a dimension
// give the named tuple (values, indices) of a max and an argmax reduction.
#include "semantics/return_types.h"
#include "semantics/shape_ops.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/builtin_handlers.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

namespace {
constexpr int64_t rt_max_dims = 8;  // == TS_MAX_DIMS (runtime/include/ts_runtime.h)
}  // namespace

ValuePtr Tracer::NamedTuple(const std::string& type, std::vector<ValuePtr> items) {
  const sem::ReturnType* row = sem::FindReturnType(type);
  if (!row || row->count != items.size()) return nullptr;
  ValuePtr t = MakeSeq(VK::Tuple, std::move(items));
  for (std::string_view f : row->fields()) t->keys.push_back(MakeStr(std::string(f)));
  t->class_name = type;  // torch.return_types.<type>
  return t;
}

ValuePtr Tracer::NarrowOp(const ValuePtr& x, int64_t dim, int64_t start, int64_t length, Range where) {
  std::vector<int64_t> norm;
  auto s = SliceDim(syms, x->type.shape, dim, start, start + length, 1, &norm);
  if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, where);
  graph::Attrs a;
  a.axis = dim;
  a.ints = norm;
  return Emit(graph::OpKind::Slice, {x}, a, {x->type.dtype, std::get<Shape>(s)}, where);
}

// What a shape builtin's handler sees: the tensor and the argument readers
// (errors at the call).
struct ShapeCall {
  Tracer& t;
  const std::string& name;
  ValuePtr x;
  int64_t rank;
  size_t f;  // the first argument after the input
  Range where;
  ValuePtr self;
  CallArgs& args;

  std::optional<int64_t> NeedInt(size_t i, const char* kw, std::optional<int64_t> dflt) {
    ValuePtr v = args.Arg(i, kw);
    if (!v) {
      if (!dflt) t.Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs `" + kw + "`");
      return dflt;
    }
    if (v->kind == VK::None && dflt) return dflt;
    auto k = KnownInt(v);
    if (!k) t.Issue(DiagKind::TraceTypeError, where, "`" + name + "`: `" + kw + "` must be an int known at compile time");
    return k;
  }
  std::optional<int64_t> DimOf(std::optional<int64_t> d) {
    if (!d) return std::nullopt;
    auto n = sem::NormDim(*d, rank);
    if (!n) t.Issue(DiagKind::TraceTypeError, where, "`" + name + "`: dimension " + std::to_string(*d) + " is out of range");
    return n;
  }
  std::optional<int64_t> StaticSize(int64_t d) {
    Dim r = t.syms.Resolve(x->type.shape[d]);
    if (r.is_static()) return r.size;
    t.MarkEager("`" + name + "` of a dimension whose size is known only at run time", where);
    return std::nullopt;
  }
  static bool IntsOf(const ValuePtr& v, std::vector<int64_t>& out) {
    if (!v) return false;
    if (v->kind == VK::List || v->kind == VK::Tuple) {
      for (const auto& it : v->items) {
        auto k = KnownInt(it);
        if (!k) return false;
        out.push_back(*k);
      }
      return v->known;
    }
    auto k = KnownInt(v);
    if (k) out.push_back(*k);
    return k.has_value();
  }
  // x split along dim into pieces of the given sizes
  ValuePtr Pieces(int64_t dim, const std::vector<int64_t>& sizes) {
    std::vector<ValuePtr> out;
    int64_t start = 0;
    for (int64_t s : sizes) {
      out.push_back(t.NarrowOp(x, dim, start, s, where));
      start += s;
    }
    return MakeSeq(VK::Tuple, out);
  }
};

namespace {
struct ShapeHandler {
  const char* names[4];
  ValuePtr (Tracer::*fn)(ShapeCall&);
};
const ShapeHandler kShapeHandlers[] = {
    {{"narrow"}, &Tracer::NarrowBuiltin},
    {{"chunk", "split"}, &Tracer::SplitBuiltin},
    {{"unbind"}, &Tracer::UnbindBuiltin},
    {{"flip"}, &Tracer::FlipBuiltin},
    {{"roll"}, &Tracer::RollBuiltin},
    {{"repeat", "repeat_interleave"}, &Tracer::RepeatBuiltin},
    {{"tril", "triu", "masked_fill"}, &Tracer::TrilMaskBuiltin},
    {{"outer", "dot"}, &Tracer::OuterDotBuiltin},
};
}  // namespace

ValuePtr Tracer::IndexShapeBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args) {
  const auto id = IdOf(name);
  if (ValuePtr r = SortScatterBuiltin(name, self, args)) return r;
  bool minmax = id == t_max || id == t_min;
  if (!minmax) {
    const sem::BuiltinInfo* row = id ? &sem::Row(*id) : nullptr;
    if (!row || (row->rule != sem::BuiltinRule::Index && row->rule != sem::BuiltinRule::Shape)) return nullptr;
  }
  Range where = args.range;
  size_t f = self ? 0 : 1;  // the first argument after the input
  ValuePtr x = self ? self : args.Arg(0, "input");
  if (minmax) {
    ValuePtr d = args.Arg(f, "dim");
    if (!x || x->kind != VK::Tensor || !d || d->kind != VK::Int) return nullptr;  // a reduction or maximum
    CallArgs r = args;
    ValuePtr values = Reduction(name, x, r, f);
    CallArgs r2 = args;
    ValuePtr idx = Reduction(id == t_max ? "argmax" : "argmin", x, r2, f);
    return NamedPair(name, values, idx);
  }
  if (!x || x->kind != VK::Tensor) {
    if (x && x->kind == VK::Unknown) return MakeUnknown();
    Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a tensor");
    return MakeUnknown();
  }
  if (id == t_gather || id == t_index_select) return GatherOp(name, self, args);
  if (!x->rank_known) {
    MarkEager("`" + name + "` of a tensor whose rank is known only at run time", where);
    auto r = MakeTensor(x->type);
    r->rank_known = false;
    return r;
  }
  ShapeCall c{*this, name, x, static_cast<int64_t>(x->type.shape.size()), f, where, self, args};
  if (const ShapeHandler* h = FindHandlerRow(kShapeHandlers, name)) return (this->*h->fn)(c);
  if (Traced()) Break(BreakKind::Unsupported, where, "`" + name + "`");
  return MakeUnknown();
}

ValuePtr Tracer::NarrowBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  auto d = c.DimOf(c.NeedInt(f, "dim", std::nullopt));
  auto st = c.NeedInt(f + 1, "start", std::nullopt), len = c.NeedInt(f + 2, "length", std::nullopt);
  if (!d || !st || !len) return MakeUnknown();
  auto n = c.StaticSize(*d);
  if (!n) return MakeTensor(x->type);
  int64_t s0 = *st < 0 ? *st + *n : *st;
  if (s0 < 0 || *len < 0 || s0 + *len > *n) return ShapeError("`narrow` goes past the end of the dimension", where);
  return NarrowOp(x, *d, s0, *len, where);
}

ValuePtr Tracer::SplitBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  const auto id = IdOf(name);
  auto d = c.DimOf(c.NeedInt(f + 1, "dim", 0));
  if (!d || rank == 0) return rank == 0 ? ShapeError("`" + name + "` of a 0-d tensor", where) : MakeUnknown();
  auto n = c.StaticSize(*d);
  if (!n) return MakeUnknown();
  if (id == t_chunk) {
    auto chunks = c.NeedInt(f, "chunks", std::nullopt);
    if (!chunks) return MakeUnknown();
    if (*chunks <= 0) return ShapeError("`chunk`: chunks must be positive", where);
    return c.Pieces(*d, sem::ChunkSizes(*n, *chunks));
  }
  ValuePtr s = args.Arg(f, "split_size_or_sections");  // torch.split's keyword
  if (!s) s = args.Kw("split_size");                      // Tensor.split's
  std::vector<int64_t> sizes;
  if (!c.IntsOf(s, sizes)) { Issue(DiagKind::TraceTypeError, where, "`split` needs sizes known at compile time"); return MakeUnknown(); }
  if (s->kind == VK::List || s->kind == VK::Tuple) {
    std::string err = sem::CheckSplitList(sizes, *n);
    if (!err.empty()) return ShapeError("`split`: " + err, where);
    return c.Pieces(*d, sizes);
  }
  if (sizes[0] <= 0) return ShapeError("`split`: the split size must be positive", where);
  return c.Pieces(*d, sem::SplitSizes(*n, sizes[0]));
}

ValuePtr Tracer::UnbindBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  const Shape& xs = x->type.shape;
  auto d = c.DimOf(c.NeedInt(f, "dim", 0));
  if (!d || rank == 0) return MakeUnknown();
  auto n = c.StaticSize(*d);
  if (!n) return MakeUnknown();
  std::vector<ValuePtr> out;
  for (int64_t i = 0; i < *n; ++i) {
    int64_t norm = 0;
    auto s = SelectDim(xs, *d, i, &norm);
    graph::Attrs a;
    a.axis = *d;
    a.ints = {norm};
    out.push_back(Emit(graph::OpKind::Select, {x}, a, {x->type.dtype, std::get<Shape>(s)}, where));
  }
  return MakeSeq(VK::Tuple, out);
}

ValuePtr Tracer::FlipBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  std::vector<int64_t> dims;
  if (args.pos.size() > f + 1) {
    for (size_t i = f; i < args.pos.size(); ++i) c.IntsOf(args.pos[i], dims);
  } else if (!c.IntsOf(args.Arg(f, "dims"), dims)) {
    Issue(DiagKind::TraceTypeError, where, "`flip` needs dimensions known at compile time");
    return MakeUnknown();
  }
  graph::Attrs a;
  for (int64_t d : dims) {
    auto n = c.DimOf(d);
    if (!n) return MakeUnknown();
    a.axes.push_back(*n);
  }
  if (a.axes.empty() || rank == 0) return x;
  return Emit(graph::OpKind::Flip, {x}, a, x->type, where);
}

ValuePtr Tracer::RollBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  const Shape& xs = x->type.shape;
  std::vector<int64_t> shifts, dims;
  if (!c.IntsOf(args.Arg(f, "shifts"), shifts)) { Issue(DiagKind::TraceTypeError, where, "`roll` needs shifts known at compile time"); return MakeUnknown(); }
  ValuePtr dv = args.Arg(f + 1, "dims");
  ValuePtr cur = x;
  auto roll_dim = [&](ValuePtr t, int64_t d, int64_t shift) -> ValuePtr {
    Dim r = syms.Resolve(t->type.shape[d]);
    if (!r.is_static()) { MarkEager("`roll` of a dimension whose size is known only at run time", where); return MakeTensor(t->type); }
    int64_t st = sem::RollStart(r.size, shift);
    if (st == 0) return t;
    ValuePtr parts = MakeSeq(VK::List, {NarrowOp(t, d, st, r.size - st, where), NarrowOp(t, d, 0, st, where)});
    CallArgs ca;
    ca.range = where;
    ca.pos = {parts, MakeInt(d)};
    return JoinOp("cat", ca);
  };
  if (!dv || dv->kind == VK::None) {
    if (shifts.size() != 1) { Issue(DiagKind::TraceTypeError, where, "`roll` without dims takes one shift"); return MakeUnknown(); }
    CallArgs flat;
    flat.range = where;
    flat.pos = {MakeInt(-1)};
    ValuePtr fl = ViewOp("reshape", x, flat, 0);
    if (fl->kind != VK::Tensor) return fl;
    ValuePtr r = roll_dim(fl, 0, shifts[0]);
    std::vector<ValuePtr> dims2;
    for (const auto& d : syms.Resolve(xs)) dims2.push_back(MakeDimInt(d));
    CallArgs back;
    back.range = where;
    back.pos = dims2;
    ValuePtr out = ViewOp("reshape", r, back, 0);
    if (out->kind == VK::Tensor) out->type.shape = xs;
    return out;
  }
  if (!c.IntsOf(dv, dims) || dims.size() != shifts.size()) { Issue(DiagKind::TraceTypeError, where, "`roll`: shifts and dims must be ints of the same length"); return MakeUnknown(); }
  for (size_t i = 0; i < dims.size(); ++i) {
    auto d = c.DimOf(dims[i]);
    if (!d || rank == 0) return MakeUnknown();
    cur = roll_dim(cur, *d, shifts[i]);
  }
  return cur;
}

ValuePtr Tracer::RepeatBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  const auto id = IdOf(name);
  const Shape& xs = x->type.shape;
  // unsqueeze, expand, reshape: a copy read straight from the expanded view
  std::vector<int64_t> reps;
  ValuePtr dv;
  if (id == t_repeat) {
    for (size_t i = f; i < args.pos.size(); ++i) c.IntsOf(args.pos[i], reps);
    if (args.pos.size() <= f) c.IntsOf(args.Arg(f, "repeats"), reps);
  } else {
    ValuePtr rv = args.Arg(f, "repeats");
    if (rv && rv->kind == VK::Tensor) {
      if (Traced()) Break(BreakKind::DynamicOutputShape, where, "`repeat_interleave` with a tensor of repeats: the output size depends on its data");
      auto r = MakeTensor(graph::TensorType{x->type.dtype, {syms.Fresh()}});
      return r;
    }
    c.IntsOf(rv, reps);
    dv = args.Arg(f + 1, "dim");
  }
  if (reps.empty()) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs repeats known at compile time"); return MakeUnknown(); }
  Shape base = xs;
  ValuePtr src = x;
  int64_t at = 0;  // repeat: every dim; repeat_interleave: after `dim`
  if (id == t_repeat) {
    if (reps.size() < xs.size()) return ShapeError("`repeat`: give at least as many repeats as the tensor has dimensions", where);
    if (2 * reps.size() > static_cast<size_t>(rt_max_dims)) return ShapeError("`repeat` of more than 4 dimensions", where);
    base.insert(base.begin(), reps.size() - xs.size(), Dim::Static(1));
  } else {
    if (!dv || dv->kind == VK::None) {
      CallArgs flat;
      flat.range = where;
      flat.pos = {MakeInt(-1)};
      src = ViewOp("reshape", x, flat, 0);
      if (src->kind != VK::Tensor) return src;
      base = src->type.shape;
    } else {
      auto d = c.DimOf(KnownInt(dv));
      if (!d) return MakeUnknown();
      at = *d;
      if (rank == 0) base = {Dim::Static(1)};
    }
  }
  // pair shape: repeat [1, s0, 1, s1, ...] -> [r0, s0, r1, s1, ...]; interleave [.., s_at, 1, ..] -> [.., s_at, r, ..]
  std::vector<ValuePtr> pair, expanded, out;
  for (size_t i = 0; i < base.size(); ++i) {
    Dim d = syms.Resolve(base[i]);
    if (id == t_repeat) {
      if (reps[i] < 0) return ShapeError("`repeat`: repeats must be non-negative", where);
      pair.push_back(MakeInt(1)), pair.push_back(MakeDimInt(d));
      expanded.push_back(MakeInt(reps[i])), expanded.push_back(MakeInt(-1));
      out.push_back(d.is_static() ? MakeInt(d.size * reps[i]) : MakeUnknownOf(VK::Int));
    } else {
      pair.push_back(MakeDimInt(d));
      expanded.push_back(MakeInt(-1));
      if (static_cast<int64_t>(i) == at) {
        pair.push_back(MakeInt(1));
        expanded.push_back(MakeInt(reps[0]));
        out.push_back(d.is_static() ? MakeInt(d.size * reps[0]) : MakeUnknownOf(VK::Int));
      } else {
        out.push_back(MakeDimInt(d));
      }
    }
  }
  CallArgs c1, c2, c3;
  c1.range = c2.range = c3.range = where;
  c1.pos = pair, c2.pos = expanded, c3.pos = out;
  ValuePtr v = ViewOp("reshape", src, c1, 0);
  if (v->kind != VK::Tensor) return v;
  v = ViewOp("expand", v, c2, 0);
  if (v->kind != VK::Tensor) return v;
  return ViewOp("reshape", v, c3, 0);
}

ValuePtr Tracer::TrilMaskBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  const auto id = IdOf(name);
  const Shape& xs = x->type.shape;
  ValuePtr zero_at, fill;
  if (id == t_masked_fill) {
    ValuePtr m = args.Arg(f, "mask"), v = args.Arg(f + 1, "value");
    if (!m || m->kind != VK::Tensor || m->type.dtype != graph::DType::Bool || !v) {
      Issue(DiagKind::TraceTypeError, where, "`masked_fill` needs a bool mask and a value");
      return MakeUnknown();
    }
    zero_at = m;
    fill = v->kind == VK::Tensor ? EmitCast(v, x->type.dtype, where) : v;
    if (fill->kind == VK::Tensor && !fill->type.shape.empty())
      return ShapeError("`masked_fill`: the value must be a number or a 0-d tensor", where);
  } else {
    if (rank < 2) return ShapeError("`" + name + "` needs a tensor of at least 2 dimensions", where);
    auto k = c.NeedInt(f, "diagonal", 0);
    if (!k) return MakeUnknown();
    auto arange = [&](const Dim& n) {
      graph::Attrs a;
      a.fvalues = {0, 1};
      return Emit(graph::OpKind::Arange, {}, a, {graph::DType::I64, {n}}, where);
    };
    ValuePtr i = arange(xs[rank - 2]), j = arange(xs[rank - 1]);
    graph::Attrs u1;
    u1.axis = 1;
    i = Emit(graph::OpKind::Unsqueeze, {i}, u1, {graph::DType::I64, {xs[rank - 2], Dim::Static(1)}}, where);
    ValuePtr diff = EmitBinary(graph::OpKind::Sub, j, i, where, false);
    // tril keeps j - i <= k, triu j - i >= k; the rest is zero: where(!keep, 0, x)
    zero_at = EmitBinary(id == t_tril ? graph::OpKind::Gt : graph::OpKind::Lt, diff, MakeInt(*k), where, true);
    fill = MakeInt(0);
  }
  ValuePtr zero_like = fill;
  if (fill->kind != VK::Tensor) {
    graph::Attrs a;
    a.fvalue = fill->as_double();
    zero_like = Emit(graph::OpKind::Constant, {}, a, {x->type.dtype, {}}, where);
  }
  auto s = Broadcast(syms, zero_at->type.shape, x->type.shape);
  if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, where);
  if (!(std::get<Shape>(s) == x->type.shape))
    return ShapeError("`" + name + "`: the mask does not broadcast to the input's shape", where);
  return Emit(graph::OpKind::Where, {zero_at, zero_like, x}, {}, x->type, where);
}

ValuePtr Tracer::OuterDotBuiltin(ShapeCall& c) {
  auto& [t, name, x, rank, f, where, self, args] = c;
  const auto id = IdOf(name);
  const Shape& xs = x->type.shape;
  ValuePtr o = args.Arg(f, id == t_outer ? "vec2" : "tensor");
  if (!o || o->kind != VK::Tensor || rank != 1 || o->type.shape.size() != 1) {
    Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs two 1-d tensors");
    return MakeUnknown();
  }
  if (id == t_outer) {
    graph::Attrs u1, u0;
    u1.axis = 1;
    u0.axis = 0;
    ValuePtr a = Emit(graph::OpKind::Unsqueeze, {x}, u1, {x->type.dtype, {xs[0], Dim::Static(1)}}, where);
    ValuePtr b = Emit(graph::OpKind::Unsqueeze, {o}, u0, {o->type.dtype, {Dim::Static(1), o->type.shape[0]}}, where);
    return EmitBinary(graph::OpKind::Mul, a, b, where, false);
  }
  if (o->type.dtype != x->type.dtype) { Issue(DiagKind::TraceTypeError, where, "`dot`: the tensors have different dtypes"); return MakeUnknown(); }
  ValuePtr p = EmitBinary(graph::OpKind::Mul, x, o, where, false);
  if (p->kind != VK::Tensor) return p;
  graph::Attrs a;
  a.axes = {0};
  ValuePtr s = Emit(graph::OpKind::Sum, {p}, a,
                    {graph::UnaryResultDType(graph::OpKind::Sum, p->type.dtype).value_or(p->type.dtype), {}}, where);
  return EmitCast(s, x->type.dtype, where);
}


}  // namespace tcc::trace
