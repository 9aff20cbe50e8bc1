// Implements sort, argsort, topk, scatter (scatter_, scatter_add(_),
// scatter_reduce(_), index_add(_), index_reduce(_)), diag, multinomial and
// nonzero in a graph:
//   sort/argsort/topk  the graph op `sort` (int64 positions; a runtime kernel
//                      shared with the interpreter, runtime/tensor/sort.cpp),
//                      values a `gather` at them
//   scatter & co.      the graph op `scatter` (the same file's kernel);
//                      with a mode of lang/semantics/scatter_modes.def; index_add
//                      and index_reduce scatter their index broadcast to
//                      the source's shape
//   diag               `take` at arange positions (a where for the 1-d form)
//   multinomial        a `rand` draw and elementwise ops, cumsum and sort, as
//                      interp/builtins_sort.cpp computes it eagerly
//   nonzero            a dynamic_output_shape break (torch.compile breaks too)
#include "semantics/scatter.h"
#include "semantics/shape_ops.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

namespace {
bool Is(const std::string& n, std::initializer_list<const char*> names) {
  for (const char* x : names)
    if (n == x) return true;
  return false;
}
}  // namespace

// What a sort/scatter builtin's handler sees: the tensor, its resolved
// shape and the argument readers (errors at the call).
struct SortCall {
  Tracer& t;
  const std::string& name;
  ValuePtr x;
  Shape xs;
  int64_t rank, r1;  // r1: rank, at least 1 (a 0-d tensor has one dim to sort)
  size_t f;          // the first argument after the input
  Range where;
  ValuePtr self;
  CallArgs& args;

  ValuePtr TypeError(const std::string& m) {
    t.Issue(DiagKind::TraceTypeError, where, m);
    return MakeUnknown();
  }
  std::optional<int64_t> IntArg(size_t i, const char* kw, std::optional<int64_t> dflt) {
    ValuePtr v = args.Arg(i, kw);
    if (!v || (v->kind == VK::None && dflt)) {
      if (!dflt) t.Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs `" + kw + "`");
      return dflt;
    }
    auto k = KnownInt(v);
    if (!k) t.Issue(DiagKind::TraceTypeError, where, "`" + name + "`: `" + kw + "` must be an int known at compile time");
    return k;
  }
  std::optional<int64_t> DimArg(size_t i, const char* kw, std::optional<int64_t> dflt) {
    auto d = IntArg(i, kw, dflt);
    if (!d) return std::nullopt;
    if (*d < -r1 || *d >= r1) {
      t.Issue(DiagKind::TraceTypeError, where, "`" + name + "`: dimension " + std::to_string(*d) + " is out of range");
      return std::nullopt;
    }
    return *d < 0 ? *d + r1 : *d;
  }
  std::optional<bool> FlagArg(size_t i, const char* kw, bool dflt) {
    ValuePtr v = args.Arg(i, kw);
    if (!v || v->kind == VK::None) return dflt;
    auto tr = KnownTruth(*v);
    if (!tr) t.Issue(DiagKind::TraceTypeError, where, "`" + name + "`: `" + kw + "` must be known at compile time");
    return tr;
  }
  // int64 positions that order t along ax (graph op sort; k >= 0: the first k)
  ValuePtr SortPositions(const ValuePtr& v, int64_t ax, bool descending, int64_t k) {
    graph::Attrs a;
    a.axis = ax;
    a.ints = {descending ? 1 : 0, k};
    Shape out = v->type.shape;
    if (k >= 0 && !out.empty()) out[static_cast<size_t>(ax)] = Dim::Static(k);
    return t.Emit(graph::OpKind::Sort, {v}, a, {graph::DType::I64, out}, where);
  }
};

ValuePtr Tracer::SortScatterBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args) {
  const auto id = IdOf(name);
  if (id == t_einsum) return EinsumOp(args);
  if (!Is(name, {"sort", "argsort", "topk", "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce",
                 "scatter_reduce_", "index_add", "index_add_", "index_reduce", "index_reduce_", "diag", "multinomial",
                 "nonzero"}))
    return nullptr;
  Range where = args.range;
  size_t f = self ? 0 : 1;  // the first argument after the input
  ValuePtr x = self ? self : args.Arg(0, "input");
  auto type_error = [&](const std::string& m) {
    Issue(DiagKind::TraceTypeError, where, m);
    return MakeUnknown();
  };
  if (!x || x->kind != VK::Tensor) {
    if (x && x->kind == VK::Unknown) return MakeUnknown();
    return type_error("`" + name + "` needs a tensor");
  }
  if (id == t_nonzero) {
    ValuePtr tup = args.Kw("as_tuple");
    auto as_tuple = tup ? KnownTruth(*tup) : std::optional<bool>(false);
    if (Traced())
      Break(BreakKind::DynamicOutputShape, where,
            "`nonzero`: the number of nonzero elements (the output's size) depends on the data");
    int64_t rank = x->rank_known ? static_cast<int64_t>(x->type.shape.size()) : -1;
    Dim count = syms.Fresh();
    if (as_tuple.value_or(false) && rank >= 0) {
      std::vector<ValuePtr> cols;
      for (int64_t d = 0; d < std::max<int64_t>(rank, 1); ++d) cols.push_back(MakeTensor({graph::DType::I64, {count}}));
      return MakeSeq(VK::Tuple, cols);
    }
    auto r = MakeTensor({graph::DType::I64, {count, Dim::Static(std::max<int64_t>(rank, 0))}});
    r->rank_known = rank >= 0 && !as_tuple.value_or(false);
    return r;
  }
  if (!x->rank_known) {
    MarkEager("`" + name + "` of a tensor whose rank is known only at run time", where);
    auto r = MakeTensor(x->type);
    r->rank_known = false;
    return r;
  }
  const Shape xs = syms.Resolve(x->type.shape);
  const int64_t rank = static_cast<int64_t>(xs.size());
  SortCall c{*this, name, x, xs, rank, std::max<int64_t>(rank, 1), f, where, self, args};
  if (id == t_sort || id == t_argsort || id == t_topk) return SortOp(c);
  if (name.starts_with("scatter") || name.starts_with("index_")) return ScatterOp(c);
  if (id == t_diag) return DiagOp(c);
  return MultinomialOp(c);
}

ValuePtr Tracer::SortOp(SortCall& c) {
  auto& [t, name, x, xs, rank, r1, f, where, self, args] = c;
  const auto id = IdOf(name);
  bool topk = id == t_topk;
  auto d = c.DimArg(topk ? f + 1 : f, "dim", -1);
  auto desc = topk ? c.FlagArg(f + 2, "largest", true) : c.FlagArg(f + 1, "descending", false);
  std::optional<int64_t> k = -1;
  if (topk) {
    k = c.IntArg(f, "k", std::nullopt);
    if (!k) return MakeUnknown();
    Dim n = rank ? xs[static_cast<size_t>(*d)] : Dim::Static(1);
    if (*k < 0 || (n.is_static() && *k > n.size)) return ShapeError("`topk`: selected index k out of range", where);
    if (!n.is_static()) {
      MarkEager("`topk` along a dimension whose size is known only at run time", where);
      return NamedPair(name, MakeTensor(x->type), MakeTensor({graph::DType::I64, x->type.shape}));
    }
  }
  if (!d || !desc) return MakeUnknown();
  ValuePtr idx = c.SortPositions(x, *d, *desc, *k);
  if (id == t_argsort) return idx;
  ValuePtr vals;
  if (rank == 0) {
    vals = Emit(graph::OpKind::Cast, {x}, {}, x->type, where);
  } else {
    graph::Attrs a;
    a.axis = *d;
    vals = Emit(graph::OpKind::Gather, {x, idx}, a, {x->type.dtype, idx->type.shape}, where);
  }
  return NamedPair(name, vals, idx);
}

ValuePtr Tracer::ScatterOp(SortCall& c) {
  auto& [t, name, x, xs, rank, r1, f, where, self, args] = c;
  const auto id = IdOf(name);
  bool inplace = name.ends_with("_");
  bool index_add = name.starts_with("index_");  // index_add / index_reduce: a 1-d index along dim
  bool reducing = name.starts_with("scatter_reduce") || name.starts_with("index_reduce");
  bool plain = id == t_scatter || id == t_scatter_;  // src may be a number, reduce= optional
  sem::ScatterMode mode = plain ? sem::ScatterMode::Assign : sem::ScatterMode::Add;
  auto d = c.DimArg(f, "dim", std::nullopt);
  ValuePtr ix = args.Arg(f + 1, "index");
  ValuePtr src = args.Arg(f + 2, index_add ? "source" : "src");
  if (!src && plain) src = args.Kw("value");
  if (!d || !ix || ix->kind != VK::Tensor || !src)
    return c.TypeError("`" + name + "` takes a dimension, an index tensor and a " + (plain ? "source" : "source tensor"));
  if (!ix->rank_known || (src->kind == VK::Tensor && !src->rank_known)) {
    MarkEager("`" + name + "` of a tensor whose rank is known only at run time", where);
    return MakeTensor(x->type);
  }
  if (!IsIntType(ix->type.dtype) || ix->type.dtype == graph::DType::Bool)
    return c.TypeError("`" + name + "`: the index must be an int64 tensor");
  ValuePtr r = reducing ? args.Arg(f + 3, "reduce") : plain ? args.Kw("reduce") : nullptr;
  if (reducing && !r) return c.TypeError("`" + name + "` needs reduce");
  if (r && r->kind != VK::None) {
    if (r->kind != VK::Str || !r->known) return c.TypeError("`" + name + "`: reduce must be a string known at compile time");
    const sem::ScatterFn fn = !reducing ? sem::ScatterFn::Scatter
                              : index_add ? sem::ScatterFn::IndexReduce
                                          : sem::ScatterFn::ScatterReduce;
    auto m = sem::ScatterModeOf(fn, r->s);
    if (!m) return c.TypeError(sem::BadScatterReduce(fn, r->s));
    mode = *m;
  }
  std::optional<bool> include_self = true;
  if (ValuePtr inc = args.Kw("include_self"); reducing && inc) include_self = KnownTruth(*inc);
  if (!include_self) return c.TypeError("`" + name + "`: include_self must be known at compile time");
  if (!plain && src->kind != VK::Tensor) return c.TypeError("`" + name + "`: src must be a tensor");
  ValuePtr index = EmitCast(ix, graph::DType::I64, where);
  if (src->kind == VK::Tensor) {
    src = EmitCast(src, x->type.dtype, where);
  } else if (src->is_number()) {
    graph::Attrs a;
    a.fvalue = src->known ? src->as_double() : 1;
    ValuePtr c = Emit(graph::OpKind::Full, {}, a, {x->type.dtype, {}}, where);
    src = src->known ? c : EmitCast(EmitBinary(graph::OpKind::Mul, c, src, where, false), x->type.dtype, where);
  } else {
    return c.TypeError("`" + name + "`: src must be a tensor or a number");
  }
  if (index_add) {
    // index (1-d, along dim) broadcast to the source's shape, then the scatter
    const Shape ss = syms.Resolve(src->type.shape);
    if (index->type.shape.size() > 1) return c.TypeError("`" + name + "`: the index must be a vector");
    if (static_cast<int64_t>(ss.size()) != rank)
      return c.TypeError("`" + name + "`: source and input must have the same number of dimensions");
    if (ValuePtr alpha = args.Kw("alpha"); !reducing && alpha && alpha->kind != VK::None)
      src = EmitCast(EmitBinary(graph::OpKind::Mul, src, alpha, where, false), x->type.dtype, where);
    Shape one(std::max<size_t>(ss.size(), 1), Dim::Static(1));
    one[static_cast<size_t>(*d)] = index->type.shape.empty() ? Dim::Static(1) : index->type.shape[0];
    ValuePtr r = Emit(graph::OpKind::Reshape, {index}, {}, {graph::DType::I64, one}, where);
    index = rank ? Emit(graph::OpKind::Expand, {r}, {}, {graph::DType::I64, src->type.shape}, where) : r;
  }
  const Shape is = syms.Resolve(index->type.shape);
  if (std::max<int64_t>(static_cast<int64_t>(is.size()), 1) != r1)
    return ShapeError("`" + name + "`: index and input must have the same number of dimensions", where);
  const Shape ss = src->type.shape.empty() ? Shape{} : syms.Resolve(src->type.shape);
  if (!ss.empty() && ss.size() != is.size())
    return ShapeError("`" + name + "`: index and src must have the same number of dimensions", where);
  for (size_t i = 0; i < is.size(); ++i) {
    auto bigger = [&](const Dim& a, const Dim& b) -> std::optional<bool> {  // a > b?
      if (a == b) return false;
      if (a.is_static() && b.is_static()) return a.size > b.size;
      return std::nullopt;
    };
    std::optional<bool> over_x = rank && static_cast<int64_t>(i) != *d ? bigger(is[i], xs[i]) : false;
    std::optional<bool> over_s = ss.empty() ? false : bigger(is[i], ss[i]);
    if (!over_x || !over_s) {
      MarkEager("`" + name + "` with index and input sizes known only at run time", where);
      return MakeTensor(x->type);
    }
    if (*over_x || *over_s)
      return ShapeError("`" + name + "`: index size exceeds the " + std::string(*over_x ? "input" : "src") +
                            " size in dimension " + std::to_string(i),
                        where);
  }
  graph::Attrs a;
  a.axis = *d;
  a.ints = {static_cast<int64_t>(mode), *include_self ? 1 : 0};
  ValuePtr out = Emit(graph::OpKind::Scatter, {x, index, src}, a, x->type, where);
  if (!inplace) return out;
  return InPlaceUpdate(x, out, where, name, false);
}

ValuePtr Tracer::DiagOp(SortCall& c) {
  auto& [t, name, x, xs, rank, r1, f, where, self, args] = c;
  auto k = c.IntArg(f, "diagonal", 0);
  if (!k) return MakeUnknown();
  if (rank != 1 && rank != 2) return ShapeError("`diag` needs a 1-d or 2-d tensor", where);
  for (const Dim& dm : xs)
    if (!dm.is_static()) {
      MarkEager("`diag` of a tensor whose size is known only at run time", where);
      auto r = MakeTensor(x->type);
      r->rank_known = false;
      return r;
    }
  auto arange = [&](int64_t start, int64_t n) {
    graph::Attrs a;
    a.fvalues = {static_cast<double>(start), 1};
    return Emit(graph::OpKind::Arange, {}, a, {graph::DType::I64, {Dim::Static(n)}}, where);
  };
  int64_t r0 = *k >= 0 ? 0 : -*k, c0 = *k >= 0 ? *k : 0;
  if (rank == 2) {
    int64_t len = sem::DiagLength(xs[0].size, xs[1].size, *k);
    return Emit(graph::OpKind::Take, {x, arange(r0, len), arange(c0, len)}, {}, {x->type.dtype, {Dim::Static(len)}},
                where);
  }
  // out[i][j] = x[i - r0] where j - i == k, else 0
  int64_t m = xs[0].size + (*k >= 0 ? *k : -*k);
  graph::Attrs u1;
  u1.axis = 1;
  ValuePtr i = Emit(graph::OpKind::Unsqueeze, {arange(0, m)}, u1, {graph::DType::I64, {Dim::Static(m), Dim::Static(1)}}, where);
  ValuePtr on = EmitBinary(graph::OpKind::Eq, EmitBinary(graph::OpKind::Sub, arange(0, m), i, where, false), MakeInt(*k),
                           where, true);
  graph::Attrs zero;
  ValuePtr z64 = Emit(graph::OpKind::Constant, {}, zero, {graph::DType::I64, {}}, where);
  Shape mm = {Dim::Static(m), Dim::Static(m)};
  ValuePtr pos = Emit(graph::OpKind::Where, {on, EmitBinary(graph::OpKind::Sub, i, MakeInt(r0), where, false), z64}, {},
                      {graph::DType::I64, mm}, where);
  ValuePtr taken = Emit(graph::OpKind::Take, {x, pos}, {}, {x->type.dtype, mm}, where);
  ValuePtr zx = Emit(graph::OpKind::Constant, {}, zero, {x->type.dtype, {}}, where);
  return Emit(graph::OpKind::Where, {on, taken, zx}, {}, {x->type.dtype, mm}, where);
}

ValuePtr Tracer::MultinomialOp(SortCall& c) {
  auto& [t, name, x, xs, rank, r1, f, where, self, args] = c;

  // multinomial: the same steps as interp/builtins_sort.cpp's Multinomial
  auto s = c.IntArg(f, "num_samples", std::nullopt);
  auto repl = c.FlagArg(f + 1, "replacement", false);
  if (!s || !repl) return MakeUnknown();
  if (rank < 1 || rank > 2) return ShapeError("prob_dist must be 1 or 2 dim", where);
  if (!IsFloatType(x->type.dtype)) return c.TypeError("multinomial only supports floating-point dtypes for input");
  Dim nd = xs.back();
  if (!nd.is_static()) {
    MarkEager("`multinomial` over a number of categories known only at run time", where);
    return MakeTensor({graph::DType::I64, {syms.Fresh()}});
  }
  int64_t n = nd.size;
  if (*s <= 0) return ShapeError("cannot sample n_sample <= 0 samples", where);
  if (!*repl && *s > n) return ShapeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement", where);
  graph::DType dt = x->type.dtype;
  ValuePtr q = x;
  if (rank == 1) q = Emit(graph::OpKind::Unsqueeze, {x}, {}, {dt, {Dim::Static(1), nd}}, where);
  Dim rows = syms.Resolve(q->type.shape[0]);
  ValuePtr out;
  graph::Attrs ax1;
  ax1.axis = 1;
  const graph::DType f64 = graph::DType::F64;
  if (*repl) {  // torch's multinomial_with_replacement: count(c < u), c the normalised cumsum
    ValuePtr u = Emit(graph::OpKind::Rand, {}, {}, {f64, {rows, Dim::Static(*s)}}, where);
    ValuePtr cdf = Emit(graph::OpKind::CumSum, {q}, ax1, {dt, q->type.shape}, where);
    ValuePtr c = EmitCast(EmitBinary(graph::OpKind::Div, cdf, NarrowOp(cdf, 1, n - 1, 1, where), where, false), f64, where);
    graph::Attrs ax2;
    ax2.axis = 2;
    ValuePtr c3 = Emit(graph::OpKind::Unsqueeze, {c}, ax1, {f64, {rows, Dim::Static(1), nd}}, where);
    ValuePtr u3 = Emit(graph::OpKind::Unsqueeze, {u}, ax2, {f64, {rows, Dim::Static(*s), Dim::Static(1)}}, where);
    ValuePtr lt = EmitBinary(graph::OpKind::Lt, c3, u3, where, true);
    graph::Attrs sum;
    sum.axes = {2};
    ValuePtr cnt = Emit(graph::OpKind::Sum, {lt}, sum, {graph::DType::I64, {rows, Dim::Static(*s)}}, where);
    out = EmitBinary(graph::OpKind::Minimum, cnt, MakeInt(n - 1), where, false);
  } else {  // torch's exponential race: the largest p / q, q = -log(1 - u) drawn in float64
    ValuePtr u = Emit(graph::OpKind::Rand, {}, {}, {f64, q->type.shape}, where);
    ValuePtr e = EmitUnary(graph::OpKind::Neg,
                           EmitUnary(graph::OpKind::Log, EmitBinary(graph::OpKind::Sub, MakeFloat(1.0), u, where, false),
                                     where, true),
                           where, false);
    ValuePtr keys = EmitBinary(graph::OpKind::Div, q, EmitCast(e, dt, where), where, false);
    if (*s == 1) {
      graph::Attrs am;
      am.axes = {1};
      am.keepdim = true;
      out = Emit(graph::OpKind::ArgMax, {keys}, am, {graph::DType::I64, {rows, Dim::Static(1)}}, where);
    } else {
      out = c.SortPositions(keys, 1, true, *s);
    }
  }
  if (rank == 1) {
    graph::Attrs sq;
    sq.axes = {0};
    out = Emit(graph::OpKind::Squeeze, {out}, sq, {graph::DType::I64, {Dim::Static(*s)}}, where);
  }
  return out;
}


}  // namespace tcc::trace
