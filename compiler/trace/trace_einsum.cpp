// Implements einsum in a graph: lang/semantics/einsum.h plans the equation for the
// operands' shapes (at compile time) and each step of the plan becomes one
// graph op (permute, reshape, expand, sum, matmul; a diagonal is a `take` at
// arange positions), exactly the steps the interpreter runs.
#include "semantics/einsum.h"
#include "trace/known_int.h"
#include "trace/tracer.h"

namespace tcc::trace {

ValuePtr Tracer::EinsumOp(CallArgs& args) {
  Range where = args.range;
  ValuePtr eq = args.Arg(0, "equation");
  if (!eq || eq->kind != VK::Str) {
    Issue(DiagKind::TraceTypeError, where, "`einsum` takes the equation string first");
    return MakeUnknown();
  }
  std::vector<ValuePtr> vals;
  if (args.pos.size() == 2 && (args.pos[1]->kind == VK::List || args.pos[1]->kind == VK::Tuple)) {
    if (!args.pos[1]->known) {
      MarkEager("`einsum` of a list whose length is known only at run time", where);
      return MakeUnknown();
    }
    vals = args.pos[1]->items;
  } else {
    vals.assign(args.pos.begin() + std::min<size_t>(1, args.pos.size()), args.pos.end());
  }
  if (!eq->known) {
    MarkEager("`einsum` with an equation known only at run time", where);
    return MakeTensor({vals.empty() || vals[0]->kind != VK::Tensor ? graph::DType::F32 : vals[0]->type.dtype, {}});
  }
  std::vector<std::vector<int64_t>> shapes;
  for (const auto& v : vals) {
    if (!v || v->kind != VK::Tensor) {
      if (v && v->kind == VK::Unknown) return MakeUnknown();
      Issue(DiagKind::TraceTypeError, where, "`einsum` operands must be tensors");
      return MakeUnknown();
    }
    std::vector<int64_t> s;
    bool ok = v->rank_known;
    for (const Dim& d : syms.Resolve(v->type.shape)) {
      ok = ok && d.is_static();
      s.push_back(d.size);
    }
    if (!ok) {
      MarkEager("`einsum` of an operand whose shape is known only at run time", where);
      auto r = MakeTensor({vals[0]->type.dtype, {}});
      r->rank_known = false;
      return r;
    }
    shapes.push_back(s);
  }
  sem::EinsumPlan plan = sem::PlanEinsum(eq->s, shapes);
  if (!plan.error.empty()) return ShapeError(plan.error, where);
  auto static_shape = [](const std::vector<int64_t>& s) {
    Shape out;
    for (int64_t v : s) out.push_back(Dim::Static(v));
    return out;
  };
  for (const sem::EinOp& op : plan.ops) {
    ValuePtr x = vals[op.a];
    graph::DType dt = x->type.dtype;
    const Shape& xs = x->type.shape;
    graph::Attrs a;
    switch (op.kind) {
      case sem::EinOpKind::Permute: {
        a.axes = op.ints;
        Shape out;
        for (int64_t p : op.ints) out.push_back(xs[static_cast<size_t>(p)]);
        vals.push_back(Emit(graph::OpKind::Permute, {x}, a, {dt, out}, where));
        break;
      }
      case sem::EinOpKind::Reshape: vals.push_back(Emit(graph::OpKind::Reshape, {x}, a, {dt, static_shape(op.ints)}, where)); break;
      case sem::EinOpKind::Expand: vals.push_back(Emit(graph::OpKind::Expand, {x}, a, {dt, static_shape(op.ints)}, where)); break;
      case sem::EinOpKind::Sum: {
        a.axes = op.ints;
        Shape out;
        for (size_t i = 0; i < xs.size(); ++i)
          if (std::find(op.ints.begin(), op.ints.end(), static_cast<int64_t>(i)) == op.ints.end()) out.push_back(xs[i]);
        ValuePtr s = Emit(graph::OpKind::Sum, {x}, a,
                          {graph::UnaryResultDType(graph::OpKind::Sum, dt).value_or(dt), out}, where);
        vals.push_back(EmitCast(s, dt, where));
        break;
      }
      case sem::EinOpKind::MatMul: {
        ValuePtr y = vals[op.b];
        auto s = MatMul(syms, xs, y->type.shape);
        if (auto* err = std::get_if<std::string>(&s)) return ShapeError(*err, where);
        vals.push_back(Emit(graph::OpKind::MatMul, {x, y}, {}, {Promote(dt, y->type.dtype), std::get<Shape>(s)}, where));
        break;
      }
      case sem::EinOpKind::Diagonal: {
        int64_t n = shapes.empty() ? 0 : xs.back().size;
        graph::Attrs r;
        r.fvalues = {0, 1};
        ValuePtr idx = Emit(graph::OpKind::Arange, {}, r, {graph::DType::I64, {Dim::Static(n)}}, where);
        a.axis = static_cast<int64_t>(xs.size()) - 2;
        Shape out(xs.begin(), xs.end() - 2);
        out.push_back(Dim::Static(n));
        vals.push_back(Emit(graph::OpKind::Take, {x, idx, idx}, a, {dt, out}, where));
        break;
      }
    }
    if (vals.back()->kind != VK::Tensor) return vals.back();
  }
  ValuePtr r = vals[plan.result];
  if (plan.result < static_cast<int>(shapes.size())) r = Emit(graph::OpKind::Cast, {r}, {}, r->type, where);  // a new tensor
  return EmitCast(r, vals[0]->type.dtype, where);
}

}  // namespace tcc::trace
