// Implements the tensor builtins and methods with their abstract shape and
// dtype rules: the function forms (Creation: the handlers of
// builtins_create.cpp, then f(x, ...) as x.f(...)), elementwise math,
// reductions, views, casts, and tensor-to-Python conversions (which break).
#include <cmath>
#include <limits>

#include "trace/builtin_handlers.h"
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/promote.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

ValuePtr Tracer::Creation(const std::string& name, CallArgs& args) {
  const auto id = IdOf(name);
  const Range where = args.range;
  if (const TraceBuiltin* h = FindTraceBuiltin(BuiltinGroup::Creation, name)) return (this->*h->fn)(name, args);
  if (BuiltinOp(name, sem::BuiltinRule::Window)) return WindowBuiltin(name, args);
  // Everything else takes the tensor first: f(x, ...) == x.f(...).
  ValuePtr x = args.Arg(0, "input");
  if (!x) { Issue(DiagKind::TraceArgumentError, where, "`" + name + "` needs an argument"); return MakeUnknown(); }
  if (id == t_maximum || id == t_minimum || id == t_where || id == t_clamp || id == t_pow ||
      BuiltinOp(name, sem::BuiltinRule::Binary))
    return Elementwise(name, args, nullptr);
  if (x->kind != VK::Tensor) {
    if (x->is_number() && BuiltinOp(name, sem::BuiltinRule::Unary)) {
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
  const auto id = IdOf(name);
  Range where = args.range;
  std::vector<ValuePtr> ops;
  if (self) ops.push_back(self);
  ops.insert(ops.end(), args.pos.begin(), args.pos.end());
  auto operand = [&](size_t i, const char* kw) -> ValuePtr {
    ValuePtr v = i < ops.size() ? ops[i] : args.Kw(kw);
    return v ? ToTensorOperand(v, where) : nullptr;
  };
  if (auto binop = BuiltinOp(name, sem::BuiltinRule::Binary)) {  // add, sub, mul, div, pow, maximum, minimum
    ValuePtr a = operand(0, "input"), b = operand(1, id == t_pow ? "exponent" : "other");
    if (!a || !b) return MakeUnknown();
    if (ValuePtr alpha = args.Kw("alpha"); alpha && alpha->kind != VK::None && (id == t_add || id == t_sub)) {
      // alpha scales `other` in the result's dtype (it does not promote), as the interpreter's and add_'s
      graph::DType t = ResultDType({a.get(), b.get()});
      b = EmitCast(EmitBinary(graph::OpKind::Mul, b, alpha, where, false), t, where);
    }
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
  if (id == t_where) {
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
  if (id == t_clamp) {
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
  const auto id = IdOf(name);
  Range where = args.range;
  graph::OpKind op = *BuiltinOp(name, sem::BuiltinRule::Reduce);
  ValuePtr dimv = args.Arg(first, "dim");
  ValuePtr keepv = args.Arg(first + 1, "keepdim");
  if (id == t_max || id == t_min) {
    // max(a, b) with a tensor or float second operand is the elementwise
    // maximum (an int is a dim), as eagerly (interp TensorMinMaxBuiltin).
    if (dimv && (dimv->kind == VK::Tensor || dimv->kind == VK::Float) && args.pos.size() >= first + 1) {
      CallArgs two;
      two.pos = {t, dimv};
      two.range = where;
      return Elementwise(id == t_max ? "maximum" : "minimum", two, nullptr);
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
