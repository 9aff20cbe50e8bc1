// Implements issue 11's in-place methods (through InPlaceUpdate,
// inplace.cpp), clone, the new_* constructors, type_as and to(other) /
// to("cpu") in the tracer: handlers of tensor_builtin_handlers.def, called by
// Tracer::OpsBuiltin (builtins_ops.cpp) with the receiver and the rest of the
// arguments.
#include "trace/builtin_table.h"
#include "trace/known_int.h"
#include "trace/promote.h"
#include "trace/tracer.h"

namespace tcc::trace {

using enum sem::BuiltinId;

// ---- in place: the receiver itself changes (InPlaceUpdate, inplace.cpp)
ValuePtr Tracer::InPlaceArithOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr o = rest.Arg(0, "other");
  if (!o || !(IsTensor(o) || o->is_number())) return TensorTypeError(where, "`" + name + "` needs a tensor or a number");
  ValuePtr alpha = rest.Kw("alpha");
  if (alpha && alpha->kind != VK::None) {  // alpha scales `other` in the operation's dtype (it does not promote)
    graph::DType t = ResultDType({x.get(), o.get()});
    o = EmitCast(EmitBinary(graph::OpKind::Mul, o, alpha, where, false), t, where);
  }
  const graph::OpKind op = *sem::FindBuiltin(name)->op;  // the row's: add_ is Add
  return InPlaceUpdate(x, EmitBinary(op, x, o, where, false), where, name, true,
                       "write `y = x." + name.substr(0, name.size() - 1) + "(...)` for a new tensor of the promoted type");
}

ValuePtr Tracer::ClampInPlaceOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  return InPlaceUpdate(x, Elementwise("clamp", rest, x), where, name, true,
                       "write `y = x.clamp(...)` for a new tensor of the promoted type");
}

ValuePtr Tracer::FillInPlaceOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  const auto id = IdOf(name);
  graph::Attrs a;
  ValuePtr v = id == t_fill_ ? rest.Arg(0, "value") : MakeInt(0);
  if (!v || !(IsTensor(v) || v->is_number())) return TensorTypeError(where, "`fill_` needs a number");
  if (v->is_known_number()) {
    a.fvalue = v->as_double();
    return InPlaceUpdate(x, Emit(graph::OpKind::Full, {}, a, {dt, x->type.shape}, where), where, name, false);
  }
  a.fvalue = 1;
  ValuePtr ones = Emit(graph::OpKind::Full, {}, a, {dt, x->type.shape}, where);
  return InPlaceUpdate(x, EmitBinary(graph::OpKind::Mul, ones, EmitCast(v, dt, where), where, false), where, name,
                       false);
}

// a draw (Rand/RandN with their parameters) copied in
ValuePtr Tracer::RandomInPlaceOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  const auto id = IdOf(name);
  bool normal = id == t_normal_;
  if (!graph::IsFloat(dt)) return TensorTypeError(where, "`" + name + "` expects a float tensor");
  ValuePtr p0 = rest.Arg(0, normal ? "mean" : "from"), p1 = rest.Arg(1, normal ? "std" : "to");
  graph::Attrs a;
  a.fvalues = {0.0, 1.0};
  for (size_t i = 0; i < 2; ++i) {
    const ValuePtr& p = i == 0 ? p0 : p1;
    if (!p || p->kind == VK::None) continue;
    if (!p->is_number()) return TensorTypeError(where, "`" + name + "` takes numbers");
    if (!p->known) {
      MarkEager("`" + name + "` with a bound known only at run time", where);
      return x;
    }
    a.fvalues[i] = p->as_double();
  }
  if (normal && a.fvalues[1] < 0) return TensorTypeError(where, "`normal_` expects std >= 0");
  if (!x->rank_known) {
    MarkEager("`" + name + "` of a tensor whose rank is known only at run time", where);
    return x;
  }
  ValuePtr r = Emit(normal ? graph::OpKind::RandN : graph::OpKind::Rand, {}, a, x->type, where);
  return InPlaceUpdate(x, r, where, name, false);
}

ValuePtr Tracer::CopyInPlaceOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr src = rest.Arg(0, "src");
  if (!IsTensor(src)) return TensorTypeError(where, "`copy_` needs a tensor");
  ValuePtr v = src;
  if (src->rank_known && x->rank_known && !(syms.Resolve(src->type.shape) == syms.Resolve(x->type.shape))) {
    CallArgs e;
    e.range = where;
    for (const auto& d : syms.Resolve(x->type.shape)) e.pos.push_back(MakeDimInt(d));
    v = ViewOp("expand", src, e, 0);
    if (IsTensor(v)) v->type.shape = x->type.shape;
  }
  // a value of its own (a copy the passes may elide): `b.copy_(a)` must not
  // make b the same value as a, or a later `a.add_(1)` would move b too
  if (IsTensor(v)) {
    ValuePtr c = Emit(graph::OpKind::Cast, {v}, {}, {x->type.dtype, v->type.shape}, where);
    c->rank_known = v->rank_known;
    v = c;
  }
  return InPlaceUpdate(x, v, where, name, false);
}

// ---- constructors and conversions
// clone: a new value (a copy the passes may elide), so an in-place update
// of the clone is not one of the original (`y = x.clone(); y.add_(1)`)
ValuePtr Tracer::CloneOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr r = Emit(graph::OpKind::Cast, {x}, {}, x->type, where);
  r->rank_known = x->rank_known;
  return r;
}

ValuePtr Tracer::NewTensorOp(TensorCall& tc) {
  auto& [name, x, rest, dt, where, self, args] = tc;
  const auto id = IdOf(name);
  CallArgs c = rest;
  if (!c.Kw("dtype")) c.kw.emplace_back("dtype", MakeDType(dt));
  if (id == t_new_tensor) {
    ValuePtr r = Creation("tensor", c);
    if (IsTensor(r) && r == rest.Arg(0, "data")) r = EmitCast(r, *DTypeArg(c.Kw("dtype")), where);
    return r;
  }
  const char* fn = id == t_new_ones ? "ones" : id == t_new_full ? "full" : "zeros";
  return Creation(fn, c);
}

ValuePtr Tracer::TypeAsOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr o = rest.Arg(0, "other");
  if (!IsTensor(o)) return TensorTypeError(where, "`type_as` needs a tensor");
  return EmitCast(x, o->type.dtype, where);
}

ValuePtr Tracer::ToOp(TensorCall& c) {
  auto& [name, x, rest, dt, where, self, args] = c;
  ValuePtr a0 = rest.Arg(0, "dtype");
  ValuePtr dev = rest.Kw("device");
  auto device_ok = [&](const ValuePtr& v) { return v->kind == VK::Str && v->known && sem::IsCpuDevice(v->s); };
  if (dev && !device_ok(dev)) return TensorTypeError(where, "`to()`: the only device is \"cpu\"");
  if (a0 && a0->kind == VK::Str) {
    if (!device_ok(a0)) return TensorTypeError(where, "`to()`: the only device is \"cpu\"");
    a0 = rest.Arg(1, "dtype");
  }
  if (!a0 || a0->kind == VK::None) return x;
  if (IsTensor(a0)) return EmitCast(x, a0->type.dtype, where);
  auto to = DTypeArg(a0);
  if (!to) return TensorTypeError(where, "`to` needs a dtype, a tensor or \"cpu\"");
  return EmitCast(x, *to, where);
}

}  // namespace tcc::trace
