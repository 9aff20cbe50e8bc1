// Defines a tiny helper for building graphs by hand in backend tests.
#pragma once

#include "graph/graph.h"
#include "graph/shape.h"

namespace tcc::testing {

using namespace tcc::graph;

class GraphBuilder {
 public:
  explicit GraphBuilder(std::string name) { g.name = std::move(name); }

  static Shape S(std::initializer_list<int64_t> dims) {
    Shape s;
    for (int64_t d : dims) s.push_back(d < 0 ? Dim::Symbolic(static_cast<int32_t>(-d - 1)) : Dim::Static(d));
    return s;
  }
  ValueId Input(const std::string& name, DType t, Shape s) {
    Node n;
    n.op = OpKind::Input;
    n.attrs.index = inputs_++;
    n.type = {t, std::move(s)};
    n.name = name;
    return g.Add(std::move(n));
  }
  ValueId Scalar(const std::string& name, DType t = DType::F64) {
    Node n;
    n.op = OpKind::ScalarInput;
    n.attrs.index = scalars_++;
    n.type = {t, {}};
    n.name = name;
    return g.Add(std::move(n));
  }
  ValueId Const(double v, DType t = DType::F32) {
    Node n;
    n.op = OpKind::Constant;
    n.attrs.fvalue = v;
    n.type = {t, {}};
    return g.Add(std::move(n));
  }
  ValueId Unary(OpKind op, ValueId x) {
    Node n;
    n.op = op;
    n.inputs = {x};
    n.type = g.TypeOf(x);
    n.type.dtype = UnaryResultDType(op, n.type.dtype).value_or(n.type.dtype);  // ops.def's DType column
    if (op == OpKind::Not) n.type.dtype = DType::Bool;
    return g.Add(std::move(n));
  }
  ValueId Binary(OpKind op, ValueId a, ValueId b, std::optional<DType> out = std::nullopt) {
    Node n;
    n.op = op;
    n.inputs = {a, b};
    n.type.shape = *BroadcastShapes(g.TypeOf(a).shape, g.TypeOf(b).shape);
    bool cmp = op == OpKind::Eq || op == OpKind::Ne || op == OpKind::Lt || op == OpKind::Le || op == OpKind::Gt ||
               op == OpKind::Ge;
    n.type.dtype = out ? *out : cmp ? DType::Bool : PromoteTypes(g.TypeOf(a).dtype, g.TypeOf(b).dtype);
    if (!out && g.TypeOf(b).shape.empty() && !cmp) n.type.dtype = g.TypeOf(a).dtype;
    return g.Add(std::move(n));
  }
  ValueId Reduce(OpKind op, ValueId x, std::vector<int64_t> axes, bool keepdim) {
    Node n;
    n.op = op;
    n.inputs = {x};
    n.attrs.axes = axes;
    n.attrs.keepdim = keepdim;
    auto norm = *NormalizeAxes(axes, g.TypeOf(x).shape.size());
    n.type = {UnaryResultDType(op, g.TypeOf(x).dtype).value_or(g.TypeOf(x).dtype),
              ReduceShape(g.TypeOf(x).shape, norm, keepdim)};
    return g.Add(std::move(n));
  }
  ValueId MatMul(ValueId a, ValueId b) {
    Node n;
    n.op = OpKind::MatMul;
    n.inputs = {a, b};
    n.type = {g.TypeOf(a).dtype, *MatMulShape(g.TypeOf(a).shape, g.TypeOf(b).shape)};
    return g.Add(std::move(n));
  }
  ValueId View(OpKind op, ValueId x, Shape out, std::vector<int64_t> axes = {}, int64_t axis = 0,
               std::vector<int64_t> ints = {}) {
    Node n;
    n.op = op;
    n.inputs = {x};
    n.type = {g.TypeOf(x).dtype, std::move(out)};
    n.attrs.axes = std::move(axes);
    n.attrs.axis = axis;
    n.attrs.ints = std::move(ints);
    return g.Add(std::move(n));
  }
  ValueId Join(OpKind op, std::vector<ValueId> xs, int64_t axis, Shape out) {
    Node n;
    n.op = op;
    n.inputs = std::move(xs);
    n.attrs.axis = axis;
    n.type = {g.TypeOf(n.inputs[0]).dtype, std::move(out)};
    return g.Add(std::move(n));
  }
  ValueId Add(Node n) { return g.Add(std::move(n)); }
  void Output(ValueId v) { g.outputs.push_back(v); }

  Graph g;

 private:
  int32_t inputs_ = 0, scalars_ = 0;
};

}  // namespace tcc::testing
