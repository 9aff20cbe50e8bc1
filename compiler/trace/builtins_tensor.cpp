// Implements the tensor builtins and methods with their abstract shape and
// dtype rules: creation, elementwise math, reductions, views, joins,
// matmul, casts, and tensor-to-Python conversions (which break).
#include <cmath>
#include <limits>

#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/promote.h"
#include "trace/tracer.h"

namespace tcc::trace {

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

ValuePtr Tracer::Creation(const std::string& name, CallArgs& args) {
  Range where = args.range;
  auto dtype_kw = DTypeArg(args.Kw("dtype"));
  if (name == "rand" || name == "randn" || name == "rand_like" || name == "randn_like") {
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
  if (name == "randint" || name == "randperm") {
    // Graph ops drawing what torch draws (runtime/tensor/random.cpp), in
    // program order like rand; bounds and sizes known at compile time.
    const bool perm = name == "randperm";
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
  if (name == "zeros" || name == "ones" || name == "full") {
    std::vector<ValuePtr> shape_args = args.pos;
    ValuePtr fill;
    if (name == "full") {
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
      a.fvalue = name == "ones" ? 1 : 0;
    }
    return Emit(graph::OpKind::Full, {}, a, {dtype_kw.value_or(dt), dims}, where);
  }
  if (name == "zeros_like" || name == "ones_like" || name == "full_like") {
    ValuePtr t = args.Arg(0, "input");
    if (!t || t->kind != VK::Tensor) { Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a tensor"); return MakeUnknown(); }
    graph::Attrs a;
    a.fvalue = name == "ones_like" ? 1 : 0;
    if (name == "full_like") {
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
  if (name == "arange") {
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
  if (name == "linspace") {
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
  if (name == "eye") {
    auto n = KnownInt(args.Arg(0, "n"));
    auto m = args.Arg(1, "m") ? KnownInt(args.Arg(1, "m")) : n;
    if (!n || !m) {
      Break(BreakKind::Unsupported, where, "`eye` with a size known only at run time");
      return MakeTensor({graph::DType::F32, {syms.Fresh(), syms.Fresh()}});
    }
    return Emit(graph::OpKind::Eye, {}, {}, {dtype_kw.value_or(graph::DType::F32), {Dim::Static(*n), Dim::Static(*m)}},
                where);
  }
  if (name == "tensor") {
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
  if (name == "numel") {
    ValuePtr t = args.Arg(0, "input");
    if (t && t->kind == VK::Tensor) {
      CallArgs none;
      return TensorMethod("numel", t, none);
    }
    return MakeUnknownOf(VK::Int);
  }
  if (name == "cat" || name == "stack") return JoinOp(name, args);
  if (BuiltinOp(name, "Window")) return WindowBuiltin(name, args);
  if (name == "matmul") {
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
  // Everything else takes the tensor first: f(x, ...) == x.f(...).
  ValuePtr x = args.Arg(0, "input");
  if (!x) { Issue(DiagKind::TraceArgumentError, where, "`" + name + "` needs an argument"); return MakeUnknown(); }
  if (name == "maximum" || name == "minimum" || name == "where" || name == "clamp" || name == "pow" ||
      BuiltinOp(name, "Binary"))
    return Elementwise(name, args, nullptr);
  if (x->kind != VK::Tensor) {
    if (x->is_number() && BuiltinOp(name, "Unary")) {
      // exp(2.0) is a 0-d tensor (torch.exp of tensor(2.0)), as eagerly
      graph::DType dt = sem::ScalarDType(x->kind == VK::Float ? sem::PyKind::Float
                                         : x->kind == VK::Int ? sem::PyKind::Int : sem::PyKind::Bool);
      graph::Attrs fill;
      fill.fvalue = x->known ? x->as_double() : 1.0;
      ValuePtr t = Emit(graph::OpKind::Full, {}, fill, {dt, {}}, where);
      if (!x->known) t = EmitBinary(graph::OpKind::Mul, t, x, where, false);
      CallArgs rest = args;
      rest.pos.erase(rest.pos.begin());
      return TensorMethod(name, t, rest);
    }
    if (x->kind == VK::Unknown) return MakeUnknown();
    Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a tensor, got " + Describe(*x));
    return MakeUnknown();
  }
  CallArgs rest = args;
  rest.pos.erase(rest.pos.begin());
  if (args.pos.empty()) {
    for (auto it = rest.kw.begin(); it != rest.kw.end(); ++it)
      if (it->first == "input") { rest.kw.erase(it); break; }
  }
  return TensorMethod(name, x, rest);
}

ValuePtr Tracer::Elementwise(const std::string& name, CallArgs& args, const ValuePtr& self) {
  Range where = args.range;
  std::vector<ValuePtr> ops;
  if (self) ops.push_back(self);
  ops.insert(ops.end(), args.pos.begin(), args.pos.end());
  auto operand = [&](size_t i, const char* kw) -> ValuePtr {
    ValuePtr v = i < ops.size() ? ops[i] : args.Kw(kw);
    return v ? ToTensorOperand(v, where) : nullptr;
  };
  if (auto binop = BuiltinOp(name, "Binary")) {  // add, sub, mul, div, pow, maximum, minimum
    ValuePtr a = operand(0, "input"), b = operand(1, name == "pow" ? "exponent" : "other");
    if (!a || !b) return MakeUnknown();
    if (a->kind != VK::Tensor && b->kind != VK::Tensor) {
      Issue(DiagKind::TraceTypeError, where, "`" + name + "` needs a tensor");
      return MakeUnknown();
    }
    if (sem::LogicalOperands(name)) {  // logical_and/or/xor: nonzero is True
      auto as_bool = [&](const ValuePtr& v) -> ValuePtr {
        if (v->kind == VK::Tensor) return EmitCast(v, graph::DType::Bool, where);
        auto t = KnownTruth(*v);
        return t ? MakeBool(*t) : MakeUnknownOf(VK::Bool);
      };
      a = as_bool(a);
      b = as_bool(b);
    }
    return EmitBinary(*binop, a, b, where, graph::DTypeRuleOf(*binop) == graph::DTypeRule::Compare);
  }
  if (name == "where") {
    // x.where(condition, y) is where(condition, x, y), as in torch
    ValuePtr c = self ? (args.pos.size() > 0 ? ToTensorOperand(args.pos[0], where) : operand(99, "condition"))
                      : operand(0, "condition");
    ValuePtr a = self ? self : operand(1, "input");
    ValuePtr b = self ? (args.pos.size() > 1 ? ToTensorOperand(args.pos[1], where) : operand(99, "other"))
                      : operand(2, "other");
    if (!c || !a || !b) return MakeUnknown();
    if (c->kind != VK::Tensor) {
      auto t = KnownTruth(*c);
      if (t) return *t ? a : b;
      Issue(DiagKind::TraceTypeError, where, "`where` needs a tensor condition");
      return MakeUnknown();
    }
    graph::DType dt = ResultDType({a.get(), b.get()});
    Shape s = c->type.shape;
    for (const ValuePtr& v : {a, b}) {
      if (v->kind != VK::Tensor) continue;
      auto r = Broadcast(syms, s, v->type.shape);
      if (auto* err = std::get_if<std::string>(&r)) return ShapeError(*err, where);
      s = std::get<Shape>(r);
    }
    return Emit(graph::OpKind::Where, {c, a, b}, {}, {dt, s}, where);
  }
  if (name == "clamp") {
    ValuePtr x = operand(0, "input");
    if (!x || x->kind != VK::Tensor) { Issue(DiagKind::TraceTypeError, where, "`clamp` needs a tensor"); return MakeUnknown(); }
    ValuePtr lo = ops.size() > 1 ? ops[1] : args.Kw("min");
    ValuePtr hi = ops.size() > 2 ? ops[2] : args.Kw("max");
    // eagerly clamp is maximum(x, lo), then minimum(that, hi): promote in that order
    graph::DType dt = x->type.dtype;
    sem::Operand tier = TierOf(*x);
    Shape s = x->type.shape;
    for (ValuePtr* bound : {&lo, &hi}) {
      const ValuePtr& v = *bound;
      if (!v || v->kind == VK::None) continue;
      if (v->kind != VK::Tensor && !v->is_number()) {
        Issue(DiagKind::TraceTypeError, where, "`clamp` bounds must be numbers or tensors");
        return MakeUnknown();
      }
      sem::ResultType r;
      r.Add(dt, tier);
      AddOperand(r, *v);
      dt = r.Result();
      if (v->kind == VK::Tensor) {
        if (TierOf(*v) == sem::Operand::Tensor) tier = sem::Operand::Tensor;
        auto b = Broadcast(syms, s, v->type.shape);
        if (auto* err = std::get_if<std::string>(&b)) return ShapeError(*err, where);
        s = std::get<Shape>(b);
      }
    }
    // one bound: eager's maximum or minimum alone (an absent integer bound
    // has no exact constant: graph constants are doubles)
    bool has_lo = lo && lo->kind != VK::None, has_hi = hi && hi->kind != VK::None;
    if (!has_lo && !has_hi) {
      Issue(DiagKind::TraceArgumentError, where, "`clamp` needs at least one of min and max");
      MarkEager();
      return MakeUnknown();
    }
    if (!has_hi) return EmitBinary(graph::OpKind::Maximum, x, lo, where, false);
    if (!has_lo) return EmitBinary(graph::OpKind::Minimum, x, hi, where, false);
    return Emit(graph::OpKind::Clamp, {x, lo, hi}, {}, {dt, s}, where);
  }
  return MakeUnknown();
}

ValuePtr Tracer::Reduction(const std::string& name, const ValuePtr& t, CallArgs& args, size_t first) {
  Range where = args.range;
  graph::OpKind op = *BuiltinOp(name, "Reduce");
  ValuePtr dimv = args.Arg(first, "dim");
  ValuePtr keepv = args.Arg(first + 1, "keepdim");
  if (name == "max" || name == "min") {
    // max(a, b) with a tensor or float second operand is the elementwise
    // maximum (an int is a dim), as eagerly (interp TensorMinMaxBuiltin).
    if (dimv && (dimv->kind == VK::Tensor || dimv->kind == VK::Float) && args.pos.size() >= first + 1) {
      CallArgs two;
      two.pos = {t, dimv};
      two.range = where;
      return Elementwise(name == "max" ? "maximum" : "minimum", two, nullptr);
    }
  }
  std::vector<int64_t> dims;
  if (dimv && dimv->kind != VK::None) {
    std::vector<ValuePtr> ds = (dimv->kind == VK::List || dimv->kind == VK::Tuple) ? dimv->items
                                                                                     : std::vector<ValuePtr>{dimv};
    for (const auto& d : ds) {
      auto k = KnownInt(d);
      if (!k) { Issue(DiagKind::TraceTypeError, where, "a reduction dimension must be an int known at compile time"); return MakeUnknown(); }
      dims.push_back(*k);
    }
  }
  bool keepdim = keepv ? KnownTruth(*keepv).value_or(false) : false;
  auto rdt = graph::UnaryResultDType(op, t->type.dtype);  // ops.def's DType column
  if (!rdt) {  // mean of an integer tensor: torch's error, raised at run time
    Issue(DiagKind::TraceTypeError, where, sem::ReduceDTypeError(name, t->type.dtype),
          "convert it first, e.g. `x.float()." + name + "()`");
    MarkEager();
    return MakeUnknown();
  }
  graph::DType dt = *rdt;
  if (!t->rank_known) {
    ValuePtr r = Emit(op, {t}, {}, {dt, {}}, where);
    r->rank_known = false;
    return r;
  }
  auto norm = NormalizeDims(dims, t->type.shape.size());
  if (auto* err = std::get_if<std::string>(&norm)) return ShapeError(*err, where);
  graph::Attrs a;
  a.axes = std::get<std::vector<int64_t>>(norm);
  if (t->type.shape.empty()) a.axes.clear();
  a.keepdim = keepdim;
  return Emit(op, {t}, a, {dt, Reduce(t->type.shape, a.axes, keepdim)}, where);
}

}  // namespace tcc::trace
