// Implements the tracer's handlers of the tensor factories (zeros, ones,
// full, *_like, arange, linspace, eye, tensor, rand*, randint, randperm),
// numel, cat/stack and matmul as functions: rows of builtin_handlers.def
// (group Creation), called by Tracer::Creation (builtins_tensor.cpp).
#include <cmath>
#include <limits>

#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/promote.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

namespace {

// Shape and data of a nested list literal of numbers.
bool LiteralData(const ValuePtr& v, Shape& shape, size_t depth, std::vector<double>& data, bool& any_float,
                 bool& all_bool, bool& has_tensor) {
  if (v->is_number()) {
    if (!v->known) return false;
    if (depth != shape.size()) return false;
    data.push_back(v->as_double());
    any_float |= v->kind == VK::Float;
    all_bool &= v->kind == VK::Bool;
    return true;
  }
  if (v->kind == VK::Tensor) { has_tensor = true; return false; }
  if ((v->kind != VK::List && v->kind != VK::Tuple) || !v->known) return false;  // a run-time length
  if (depth == shape.size()) shape.push_back(Dim::Static(static_cast<int64_t>(v->items.size())));
  else if (shape[depth].size != static_cast<int64_t>(v->items.size())) return false;
  for (const auto& x : v->items)
    if (!LiteralData(x, shape, depth + 1, data, any_float, all_bool, has_tensor)) return false;
  return true;
}
}  // namespace

ValuePtr Tracer::RandomCreate(const std::string& name, CallArgs& args) {
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  // A graph op drawing from the program's generator, in program order (the
  // passes never merge, drop or reorder it), so compiled code draws exactly
  // the numbers eager code would.
  graph::OpKind op = name.starts_with("randn") ? graph::OpKind::RandN : graph::OpKind::Rand;
  graph::TensorType type;
  if (name.ends_with("_like")) {
    ValuePtr t = args.Arg(0, "input");
    if (!t || t->kind != VK::Tensor) {
      Issue(DiagKind::TraceArgumentError, where, "`" + name + "` takes a tensor");
      return MakeUnknown();
    }
    if (!t->rank_known) {
      Break(BreakKind::Unsupported, where, "`" + name + "` of a tensor whose rank is known only at run time");
      auto r = MakeTensor(t->type);
      r->rank_known = false;
      return r;
    }
    type = {dtype_kw.value_or(t->type.dtype), t->type.shape};
  } else {
    bool ok;
    auto dims = DimsFromArgs(args.pos, nullptr, where, &ok);
    if (!ok) return MakeUnknown();
    type = {dtype_kw.value_or(graph::DType::F32), dims};
  }
  if (type.dtype != graph::DType::F32 && type.dtype != graph::DType::F64) {
    Issue(DiagKind::TraceTypeError, where,
          "`" + name + "` makes float32 or float64 tensors, not " + DTypeSpelling(type.dtype));
    return MakeUnknown();
  }
  return Emit(op, {}, {}, type, where);
}

ValuePtr Tracer::RandIntCreate(const std::string& name, CallArgs& args) {
  const auto id = IdOf(name);
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  // Graph ops drawing what torch draws (runtime/tensor/random.cpp), in
  // program order like rand; bounds and sizes known at compile time.
  const bool perm = id == t_randperm;
  const bool two = !perm && (args.pos.size() == 2 || (args.pos.size() < 2 && !args.Kw("low")));
  std::optional<int64_t> low = perm || two ? std::optional<int64_t>(0) : KnownInt(args.Arg(0, "low"));
  ValuePtr hv = perm ? args.Arg(0, "n") : args.Arg(two ? 0 : 1, "high");
  int64_t hi = 0;  // a plain int (GCC's -Wmaybe-uninitialized misreads an optional here)
  bool high = false;
  if (hv)
    if (std::optional<int64_t> k = KnownInt(hv)) hi = *k, high = true;
  ValuePtr sv = perm ? nullptr : args.Arg(two ? 1 : 2, "size");
  Shape dims;
  bool ok = true;
  if (perm) {
    if (high) dims = {Dim::Static(hi)};
  } else if (sv) {
    dims = DimsFromArgs({sv}, nullptr, where, &ok);
  }
  if (!low || !high || !ok || (!perm && !sv)) {
    if (Traced()) Break(BreakKind::Unsupported, where, "`" + name + "` whose bounds or size are known only at run time");
    auto r = MakeTensor({graph::DType::I64, {}});
    r->rank_known = false;
    return r;
  }
  const int64_t lo = low.value_or(0);
  if (perm ? hi < 0 : hi <= lo) {
    Issue(DiagKind::TraceTypeError, where, perm ? "`randperm` of a negative n" : "`randint` needs low < high");
    MarkEager();
    return MakeUnknown();
  }
  graph::Attrs at;
  if (!perm) at.ints = {lo, hi};
  ValuePtr r = Emit(perm ? graph::OpKind::RandPerm : graph::OpKind::RandInt, {}, at, {graph::DType::I64, dims}, where);
  if (dtype_kw && *dtype_kw != graph::DType::I64) r = EmitCast(r, *dtype_kw, where);
  return r;
}

ValuePtr Tracer::FullCreate(const std::string& name, CallArgs& args) {
  const auto id = IdOf(name);
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  std::vector<ValuePtr> shape_args = args.pos;
  ValuePtr fill;
  if (id == t_full) {
    if (shape_args.size() < 2) {
      ValuePtr s = args.Arg(0, "size"), f = args.Kw("fill_value");
      if (!s || !f) { Issue(DiagKind::TraceArgumentError, where, "`full` takes a shape and a fill value"); return MakeUnknown(); }
      shape_args = {s};
      fill = f;
    } else {
      fill = shape_args.back();
      shape_args.pop_back();
    }
  }
  if (shape_args.empty() && args.Kw("size")) shape_args = {args.Kw("size")};
  bool ok;
  auto dims = DimsFromArgs(shape_args, nullptr, where, &ok);
  if (!ok) return MakeUnknown();
  graph::Attrs a;
  graph::DType dt = graph::DType::F32;
  if (fill) {
    if (!fill->is_number()) { Issue(DiagKind::TraceTypeError, where, "`full` needs a number to fill with"); return MakeUnknown(); }
    dt = sem::ScalarDType(fill->kind == VK::Float ? sem::PyKind::Float : fill->kind == VK::Bool ? sem::PyKind::Bool : sem::PyKind::Int);
    if (!fill->known) {
      a.fvalue = 1;
      ValuePtr ones = Emit(graph::OpKind::Full, {}, a, {dtype_kw.value_or(dt), dims}, where);
      return EmitBinary(graph::OpKind::Mul, ones, fill, where, false);
    }
    a.fvalue = fill->as_double();
  } else {
    a.fvalue = id == t_ones ? 1 : 0;
  }
  return Emit(graph::OpKind::Full, {}, a, {dtype_kw.value_or(dt), dims}, where);
}

ValuePtr Tracer::FullLikeCreate(const std::string& name, CallArgs& args) {
  const auto id = IdOf(name);
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  ValuePtr t = args.Arg(0, "input");
  if (!t || t->kind != VK::Tensor) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a tensor"); return MakeUnknown(); }
  graph::Attrs a;
  a.fvalue = id == t_ones_like ? 1 : 0;
  if (id == t_full_like) {
    ValuePtr f = args.Arg(1, "fill_value");
    if (!f || !f->is_known_number()) {
      Issue(DiagKind::TraceTypeError, where, "`full_like` needs a fill value known at compile time");
      return MakeUnknown();
    }
    a.fvalue = f->as_double();
  }
  ValuePtr r = Emit(graph::OpKind::Full, {}, a, {dtype_kw.value_or(t->type.dtype), t->type.shape}, where);
  r->rank_known = t->rank_known;
  return r;
}

ValuePtr Tracer::ArangeCreate(const std::string&, CallArgs& args) {
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  // arange(end) or arange(start, end, step=1), each also by keyword.
  std::vector<ValuePtr> given;
  if (args.pos.size() == 1 && !args.Kw("end") && !args.Kw("start")) {
    given = {args.pos[0]};
  } else if (ValuePtr end = args.Arg(1, "end")) {
    ValuePtr start = args.Arg(0, "start"), step = args.Arg(2, "step");
    given = {start ? start : MakeInt(0), end, step ? step : MakeInt(1)};
  }
  std::vector<double> b;
  bool any_float = false;
  // arange(T) (or arange(0, T, 1)) with T a tensor size known only at run
  // time (T = x.shape[1]): T itself is the result's length.
  auto is_const = [](const ValuePtr& v, int64_t k) { return v->kind == VK::Int && v->known && v->i == k; };
  const ValuePtr& end_v = given.size() == 1 ? given[0] : given.size() == 3 ? given[1] : nullptr;
  if (end_v && end_v->kind == VK::Int && !end_v->known && end_v->size_sym >= 0 &&
      (given.size() == 1 || (is_const(given[0], 0) && is_const(given[2], 1)))) {
    Dim n = syms.Resolve(Dim::Symbolic(end_v->size_sym));
    if (!n.is_static() && !syms.Derived(n)) {
      graph::Attrs a;
      a.fvalues = {0, 1};
      return Emit(graph::OpKind::Arange, {}, a, {dtype_kw.value_or(graph::DType::I64), {n}}, where);
    }
  }
  for (const auto& v : given) {
    if (!v->is_number() || !v->known) {
      Break(BreakKind::Unsupported, where, "`arange` with bounds known only at run time");
      return MakeTensor({graph::DType::I64, {syms.Fresh()}});
    }
    b.push_back(v->as_double());
    any_float |= v->kind == VK::Float;
  }
  if (b.empty() || args.pos.size() > 3) {
    Issue(DiagKind::TraceArgumentError, where, "`arange` takes 1 to 3 numbers: (end) or (start, end, step=1)");
    return MakeUnknown();
  }
  double start = b.size() >= 2 ? b[0] : 0, stop = b.size() >= 2 ? b[1] : b[0], step = b.size() == 3 ? b[2] : 1;
  if (step == 0) { Issue(DiagKind::TraceTypeError, where, "`arange` step must not be zero"); return MakeUnknown(); }
  auto count = ToInt64(std::ceil((stop - start) / step));
  if (!count || *count > (int64_t(1) << 40)) {
    Issue(DiagKind::TraceShapeError, where, "`arange` would create too many elements");
    return MakeUnknown();
  }
  int64_t n = std::max<int64_t>(0, *count);
  graph::Attrs a;
  a.fvalues = {start, step};
  return Emit(graph::OpKind::Arange, {}, a, {dtype_kw.value_or(any_float ? graph::DType::F32 : graph::DType::I64),
                                             {Dim::Static(n)}}, where);
}

ValuePtr Tracer::LinspaceCreate(const std::string&, CallArgs& args) {
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  ValuePtr s = args.Arg(0, "start"), e = args.Arg(1, "end"), n = args.Arg(2, "steps");
  auto k = KnownInt(n);
  if (!s || !e || !s->is_known_number() || !e->is_known_number() || !k) {
    Break(BreakKind::Unsupported, where, "`linspace` with arguments known only at run time");
    return MakeTensor({graph::DType::F32, {syms.Fresh()}});
  }
  graph::Attrs a;
  a.fvalues = {s->as_double(), e->as_double()};
  return Emit(graph::OpKind::Linspace, {}, a, {dtype_kw.value_or(graph::DType::F32), {Dim::Static(*k)}}, where);
}

ValuePtr Tracer::EyeCreate(const std::string&, CallArgs& args) {
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  auto n = KnownInt(args.Arg(0, "n"));
  auto m = args.Arg(1, "m") ? KnownInt(args.Arg(1, "m")) : n;
  if (!n || !m) {
    Break(BreakKind::Unsupported, where, "`eye` with a size known only at run time");
    return MakeTensor({graph::DType::F32, {syms.Fresh(), syms.Fresh()}});
  }
  return Emit(graph::OpKind::Eye, {}, {}, {dtype_kw.value_or(graph::DType::F32), {Dim::Static(*n), Dim::Static(*m)}},
              where);
}

ValuePtr Tracer::TensorCreate(const std::string&, CallArgs& args) {
  const Range& where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  ValuePtr d = args.Arg(0, "data");
  if (!d) { Issue(DiagKind::TraceArgumentError, where, "`tensor` takes the data"); return MakeUnknown(); }
  if (d->kind == VK::Tensor) return d;
  Shape shape;
  std::vector<double> data;
  bool any_float = false, all_bool = true, has_tensor = false;
  if (!LiteralData(d, shape, 0, data, any_float, all_bool, has_tensor)) {
    Break(BreakKind::Unsupported, where,
          has_tensor ? "`tensor(...)` of a list holding tensors; use `stack`"
                     : "`tensor(...)` of data known only at run time");
    auto t = MakeTensor({dtype_kw.value_or(any_float ? graph::DType::F32 : graph::DType::I64), {}});
    t->rank_known = false;
    return t;
  }
  graph::DType dt = dtype_kw.value_or(any_float ? graph::DType::F32 : (all_bool && !data.empty()) ? graph::DType::Bool
                                                                                                 : graph::DType::I64);
  graph::Attrs a;
  a.fvalues = data;
  if (data.size() == 1) a.fvalue = data[0];
  ValuePtr r = Emit(graph::OpKind::Constant, {}, a, {dt, shape}, where);
  r->data = data;
  return r;
}

ValuePtr Tracer::NumelFunction(const std::string&, CallArgs& args) {
  ValuePtr t = args.Arg(0, "input");
  if (t && t->kind == VK::Tensor) {
    CallArgs none;
    return TensorMethod("numel", t, none);
  }
  return MakeUnknownOf(VK::Int);
}

ValuePtr Tracer::JoinFunction(const std::string& name, CallArgs& args) {
  return JoinOp(name, args);
}

ValuePtr Tracer::MatMulFunction(const std::string&, CallArgs& args) {
  const Range& where = args.range;
  ValuePtr a = args.Arg(0, "input"), b = args.Arg(1, "other");
  if (!a || !b || a->kind != VK::Tensor || b->kind != VK::Tensor) {
    Issue(DiagKind::TraceTypeError, where, "`matmul` needs two tensors");
    return MakeUnknown();
  }
  if (a->type.dtype == graph::DType::Bool || b->type.dtype == graph::DType::Bool) {
    Issue(DiagKind::TraceTypeError, where, "`matmul` of bool tensors");
    return MakeUnknown();
  }
  graph::DType dt = Promote(a->type.dtype, b->type.dtype);
  if (!a->rank_known || !b->rank_known) {
    ValuePtr r = Emit(graph::OpKind::MatMul, {a, b}, {}, {dt, {}}, where);
    r->rank_known = false;
    return r;
  }
  auto s = MatMul(syms, a->type.shape, b->type.shape);
  if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, where);
  return Emit(graph::OpKind::MatMul, {a, b}, {}, {dt, std::get<Shape>(s)}, where);
}

}  // namespace tcc::trace
