// Implements issue 11's tensor builtins in the tracer (the interpreter's side
// is runtime/interp/builtins_ops.cpp): the elementwise rows that take
// parameters (round, nan_to_num, lerp, atan2, square), sum/mean/prod with
// dtype=, the composite reductions of lang/semantics/composite.h emitted as graph
// ops (var, std, logsumexp, norm, count_nonzero, softmax, log_softmax), the
// scans, the in-place methods (through InPlaceUpdate, inplace.cpp), the new_*
// constructors, type_as and to(other) / to("cpu"). Everything else returns
// null and takes the generic path (builtins_view.cpp, builtins_tensor.cpp).
#include <cmath>
#include <limits>

#include "semantics/composite.h"
#include "trace/builtin_handlers.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/promote.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

namespace {


}  // namespace

// lang/semantics/composite.h on graph ops: the same expression the interpreter runs.
struct TraceBackend {
  Tracer& t;
  Range where;
  bool failed = false;
  using T = ValuePtr;

  bool Ok(const ValuePtr& v) const { return v && (v->kind == VK::Tensor || v->is_number()); }
  ValuePtr Reduce(sem::CompOp op, const ValuePtr& x, const sem::Dims& dims, bool keepdim) {
    if (!IsTensor(x)) return MakeUnknown();
    CallArgs a;
    a.range = where;
    std::vector<ValuePtr> ds;
    for (int64_t d : dims) ds.push_back(MakeInt(d));
    a.pos = {dims.empty() ? MakeNone() : MakeSeq(VK::Tuple, ds), MakeBool(keepdim)};
    const char* name = op == sem::CompOp::Sum ? "sum" : op == sem::CompOp::Mean ? "mean"
                       : op == sem::CompOp::Max ? "amax" : "amin";
    return t.Reduction(name, x, a, 0);
  }
  ValuePtr Binary(sem::CompOp op, const ValuePtr& a, const ValuePtr& b) {
    if (!Ok(a) || !Ok(b)) return MakeUnknown();
    graph::OpKind k = op == sem::CompOp::Add ? graph::OpKind::Add : op == sem::CompOp::Sub ? graph::OpKind::Sub
                      : op == sem::CompOp::Mul ? graph::OpKind::Mul : op == sem::CompOp::Div ? graph::OpKind::Div
                      : op == sem::CompOp::Pow ? graph::OpKind::Pow : graph::OpKind::Ne;
    return t.EmitBinary(k, a, b, where, k == graph::OpKind::Ne);
  }
  ValuePtr Unary(sem::CompOp op, const ValuePtr& x) {
    if (!IsTensor(x)) return MakeUnknown();
    graph::OpKind k = op == sem::CompOp::Exp ? graph::OpKind::Exp : op == sem::CompOp::Log ? graph::OpKind::Log
                      : op == sem::CompOp::Sqrt ? graph::OpKind::Sqrt : op == sem::CompOp::Abs ? graph::OpKind::Abs
                      : graph::OpKind::IsInf;
    return t.EmitUnary(k, x, where, false);
  }
  ValuePtr Where(const ValuePtr& c, const ValuePtr& a, const ValuePtr& b) {
    if (!IsTensor(c) || !Ok(a) || !Ok(b)) return MakeUnknown();
    CallArgs w;
    w.range = where;
    w.pos = {c, a, b};
    return t.Elementwise("where", w, nullptr);
  }
  ValuePtr Number(double v) { return MakeFloat(v); }
  ValuePtr Cast(const ValuePtr& x, sem::DType to) { return IsTensor(x) ? t.EmitCast(x, to, where) : x; }
  sem::DType DTypeOf(const ValuePtr& x) { return IsTensor(x) ? x->type.dtype : sem::DType::F32; }
  std::optional<double> ReducedCount(const ValuePtr& x, const sem::Dims& dims) {
    if (!IsTensor(x) || !x->rank_known) return std::nullopt;
    Shape s = t.syms.Resolve(x->type.shape);
    int64_t r = static_cast<int64_t>(s.size());
    double n = 1;
    for (int64_t i = 0; i < r; ++i) {
      bool reduced = dims.empty();
      for (int64_t d : dims) reduced |= (d < 0 ? d + r : d) == i;
      if (!reduced) continue;
      if (!s[i].is_static()) return std::nullopt;
      n *= static_cast<double>(s[i].size);
    }
    return n;
  }
  ValuePtr Error(const std::string& msg) {
    failed = true;
    if (msg.empty()) {
      t.MarkEager("a reduction over a dimension whose size is known only at run time", where);
    } else {
      t.Issue(DiagKind::TraceTypeError, where, msg);
      t.MarkEager();
    }
    return MakeUnknown();
  }
};

namespace {

// dim: None / absent (all), an int or a tuple of ints known now.
std::optional<sem::Dims> DimsOf(const ValuePtr& v) {
  sem::Dims d;
  if (!v || v->kind == VK::None) return d;
  std::vector<ValuePtr> items = (v->kind == VK::List || v->kind == VK::Tuple) ? v->items : std::vector<ValuePtr>{v};
  for (const auto& x : items) {
    auto k = KnownInt(x);
    if (!k) return std::nullopt;
    d.push_back(*k);
  }
  return d;
}

std::optional<bool> FlagOf(const ValuePtr& v, bool dflt) {
  if (!v || v->kind == VK::None) return dflt;
  return KnownTruth(*v);
}

struct TensorBuiltin {
  const char* names[6];
  ValuePtr (Tracer::*fn)(TensorCall&);
};
const TensorBuiltin kTensorBuiltins[] = {
#define TCC_TENSOR_BUILTIN(Handler, ...) {{__VA_ARGS__}, &Tracer::Handler},
#include "trace/tensor_builtin_handlers.def"
};

bool Named(const std::string& n, std::initializer_list<const char*> names) {
  for (const char* x : names)
    if (n == x) return true;
  return false;
}

}  // namespace

ValuePtr Tracer::OpsBuiltin(const std::string& name, const ValuePtr& self, CallArgs& args) {
  const TensorBuiltin* h = FindHandlerRow(kTensorBuiltins, name);  // tensor_builtin_handlers.def
  if (!h) return nullptr;
  Range where = args.range;
  // the receiver, or the first argument of the function form; `rest` is what follows it
  CallArgs rest = args;
  ValuePtr x = self;
  if (!x) {
    x = args.Arg(0, "input");
    if (!args.pos.empty()) rest.pos.erase(rest.pos.begin());
    else
      for (auto it = rest.kw.begin(); it != rest.kw.end(); ++it)
        if (it->first == "input") { rest.kw.erase(it); break; }
  }
  if (!IsTensor(x)) {
    if (x && x->is_number() && Named(name, {"round", "nan_to_num", "square", "floor", "ceil", "trunc"})) {
      graph::Attrs fill;  // a Python number: a 0-d tensor, as the other elementwise builtins
      fill.fvalue = x->known ? x->as_double() : 1.0;
      graph::DType dt = sem::ScalarDType(x->kind == VK::Float ? sem::PyKind::Float
                                         : x->kind == VK::Int ? sem::PyKind::Int : sem::PyKind::Bool);
      ValuePtr t = Emit(graph::OpKind::Full, {}, fill, {dt, {}}, where);
      if (!x->known) t = EmitBinary(graph::OpKind::Mul, t, x, where, false);
      x = t;
    } else {
      return nullptr;  // the generic path reports it
    }
  }
  TensorCall c{name, x, rest, x->type.dtype, where, self, args};
  return (this->*h->fn)(c);
}

// A call the builtin rejects: a type error at `where`, run eagerly.
ValuePtr Tracer::TensorTypeError(const Range& where, const std::string& msg) {
  Issue(DiagKind::TraceTypeError, where, msg);
  MarkEager();
  return MakeUnknown();
}

// ---- elementwise with parameters
ValuePtr Tracer::RoundOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  if (dt == graph::DType::Bool) return TensorTypeError(where, "`round` is not implemented for bool tensors");
  ValuePtr d = rest.Arg(0, "decimals");
  auto k = d ? KnownInt(d) : std::optional<int64_t>(0);
  if (!k) return TensorTypeError(where, "`round` needs `decimals` as an int known at compile time");
  if (*k != 0 && !IsFloatType(dt)) return TensorTypeError(where, "`round` with decimals is not implemented for integer tensors");
  graph::Attrs a;
  if (*k != 0) a.ints = {*k};
  return Emit(graph::OpKind::Round, {x}, a, {dt, x->type.shape}, where);
}

// the generic unary row, but for bool
ValuePtr Tracer::RoundingOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  if (dt == graph::DType::Bool) return TensorTypeError(where, "`" + name + "` is not implemented for bool tensors");
  return nullptr;
}

ValuePtr Tracer::SquareOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  return EmitBinary(graph::OpKind::Pow, x, MakeInt(2), where, false);
}

ValuePtr Tracer::NanToNumOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  auto num = [&](size_t i, const char* kw, double dflt) -> std::optional<double> {
    ValuePtr v = rest.Arg(i, kw);
    if (!v || v->kind == VK::None) return dflt;
    if (!v->is_known_number()) return std::nullopt;
    return v->as_double();
  };
  bool f64 = dt == graph::DType::F64;
  double big = f64 ? std::numeric_limits<double>::max() : std::numeric_limits<float>::max();
  auto n = num(0, "nan", 0.0), p = num(1, "posinf", big), m = num(2, "neginf", -big);
  if (!n || !p || !m) return TensorTypeError(where, "`nan_to_num` needs its replacement values known at compile time");
  graph::Attrs a;
  a.fvalues = {*n, *p, *m};
  return Emit(graph::OpKind::NanToNum, {x}, a, {dt, x->type.shape}, where);
}

ValuePtr Tracer::Atan2Op(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr o = rest.Arg(0, "other");
  if (!IsTensor(o)) return TensorTypeError(where, "`atan2` needs two tensors");
  graph::DType r = sem::TrueDivDType(ResultDType({x.get(), o.get()}));
  return EmitBinary(graph::OpKind::Atan2, EmitCast(x, r, where), EmitCast(o, r, where), where, false);
}

ValuePtr Tracer::LerpOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr e = rest.Arg(0, "end"), w = rest.Arg(1, "weight");
  if (!IsTensor(e) || !w || !(IsTensor(w) || w->is_number())) return TensorTypeError(where, "`lerp` takes (input, end, weight)");
  if (!IsFloatType(dt)) return TensorTypeError(where, std::string("`lerp` is not implemented for ") + DTypeSpelling(dt) + " tensors");
  if (e->type.dtype != dt || (IsTensor(w) && w->type.dtype != dt))
    return TensorTypeError(where, std::string("`lerp` needs end and weight of the input's dtype ") + DTypeSpelling(dt));
  Shape s = x->type.shape;
  for (const ValuePtr& v : {e, w}) {
    if (!IsTensor(v)) continue;
    auto b = Broadcast(syms, s, v->type.shape);
    if (auto* err = std::get_if<std::string>(&b)) return ShapeError(*err, where);
    s = std::get<Shape>(b);
  }
  return Emit(graph::OpKind::Lerp, {x, e, w}, {}, {dt, s}, where);
}

// ---- reductions
ValuePtr Tracer::SumMeanProdOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr d = rest.Kw("dtype");
  if (!d || d->kind == VK::None) return nullptr;  // the generic reduction
  auto to = DTypeArg(d);
  if (!to) return TensorTypeError(where, "`" + name + "` needs a dtype");
  CallArgs r = rest;
  for (auto it = r.kw.begin(); it != r.kw.end(); ++it)
    if (it->first == "dtype") { r.kw.erase(it); break; }
  return Reduction(name, EmitCast(x, *to, where), r, 0);
}

ValuePtr Tracer::VarStdOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  const auto id = IdOf(name);
  TraceBackend b{*this, where};
  ValuePtr d = rest.Arg(0, "dim");
  double corr = 1;
  std::optional<sem::Dims> dims;
  bool keep = false;
  if (d && d->kind == VK::Bool) {  // var(x, False): the unbiased flag
    dims = sem::Dims{};
    corr = d->known && !d->b ? 0 : 1;
  } else {
    dims = DimsOf(d);
    auto unbiased = FlagOf(rest.Arg(1, "unbiased"), true);
    auto k = FlagOf(rest.Arg(2, "keepdim"), false);
    ValuePtr c = rest.Kw("correction");
    if (!dims || !unbiased || !k || (c && c->kind != VK::None && !c->is_known_number()))
      return TensorTypeError(where, "`" + name + "` needs dim, unbiased, keepdim and correction known at compile time");
    corr = c && c->kind != VK::None ? c->as_double() : (*unbiased ? 1 : 0);
    keep = *k;
  }
  return id == t_var ? sem::Var(b, x, *dims, corr, keep) : sem::Std(b, x, *dims, corr, keep);
}

ValuePtr Tracer::LogSumExpOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  TraceBackend b{*this, where};
  auto dims = DimsOf(rest.Arg(0, "dim"));
  auto k = FlagOf(rest.Arg(1, "keepdim"), false);
  if (!rest.Arg(0, "dim") || !dims || !k) return TensorTypeError(where, "`logsumexp` needs dim (and keepdim) known at compile time");
  return sem::LogSumExp(b, x, *dims, *k);
}

ValuePtr Tracer::NormOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  TraceBackend b{*this, where};
  ValuePtr p = rest.Arg(0, "p");
  double pv = 2;
  if (p && p->kind == VK::Str && p->known && p->s == "fro") pv = 2;
  else if (p && p->kind != VK::None) {
    if (!p->is_known_number()) return TensorTypeError(where, "`norm` needs p as a number known at compile time");
    pv = p->as_double();
  }
  auto dims = DimsOf(rest.Arg(1, "dim"));
  auto k = FlagOf(rest.Arg(2, "keepdim"), false);
  if (!dims || !k) return TensorTypeError(where, "`norm` needs dim and keepdim known at compile time");
  return sem::Norm(b, x, pv, *dims, *k);
}

ValuePtr Tracer::CountNonzeroOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  TraceBackend b{*this, where};
  auto dims = DimsOf(rest.Arg(0, "dim"));
  if (!dims) return TensorTypeError(where, "`count_nonzero` needs dim known at compile time");
  return sem::CountNonzero(b, x, *dims);
}

ValuePtr Tracer::SoftmaxOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  const auto id = IdOf(name);
  TraceBackend b{*this, where};
  auto d = KnownInt(rest.Arg(0, "dim"));
  if (!d) return TensorTypeError(where, "`" + name + "` needs dim as an int known at compile time");
  ValuePtr dtv = rest.Arg(1, "dtype");
  std::optional<graph::DType> to;
  if (dtv && dtv->kind != VK::None) {
    to = DTypeArg(dtv);
    if (!to) return TensorTypeError(where, "`" + name + "` needs a dtype");
  }
  return sem::Softmax(b, x, *d, to, id == t_log_softmax);
}

ValuePtr Tracer::ScanOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  return Scan(name, x, rest);
}

// cumsum / cumprod(x, dim, dtype=None): a Scan graph op (its own loop nest,
// the operand fused into it). dtype= casts first; else ops.def's Accumulate
// rule (bool and integers give int64).
ValuePtr Tracer::Scan(const std::string& name, const ValuePtr& x, CallArgs& rest) {
  Range where = rest.range;
  auto d = KnownInt(rest.Arg(0, "dim"));
  if (!d) {
    Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs dim as an int known at compile time");
    MarkEager();
    return MakeUnknown();
  }
  ValuePtr t = x;
  ValuePtr dtv = rest.Kw("dtype");
  if (dtv && dtv->kind != VK::None) {
    auto to = DTypeArg(dtv);
    if (!to) {
      Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a dtype");
      MarkEager();
      return MakeUnknown();
    }
    t = EmitCast(t, *to, where);
  }
  const graph::OpKind op = *sem::FindBuiltin(name)->op;  // the row's: CumSum, CumProd
  graph::DType dt = graph::UnaryResultDType(op, t->type.dtype).value_or(t->type.dtype);
  if (!t->rank_known) {
    MarkEager("`" + name + "` of a tensor whose rank is known only at run time", where);
    auto r = MakeTensor({dt, {}});
    r->rank_known = false;
    return r;
  }
  int64_t r = static_cast<int64_t>(t->type.shape.size()), rr = std::max<int64_t>(r, 1);
  if (*d < -rr || *d >= rr)
    return ShapeError("`" + name + "`: dimension " + std::to_string(*d) + " is out of range for a tensor of " +
                          std::to_string(r) + " dimensions",
                      where);
  graph::Attrs a;
  a.axis = *d < 0 ? *d + rr : *d;
  return Emit(op, {t}, a, {dt, t->type.shape}, where);
}

}  // namespace tcc::trace
