// Implements FoldConstants. Scalars are evaluated in double and then rounded to
// the result dtype, as the eager runtime does for 0-d tensors.
#include "passes/fold_constants.h"

#include <cmath>
#include <optional>

#include "graph/shape.h"
#include "passes/rewrite.h"

namespace tcc::passes {

using namespace graph;

namespace {

bool IsScalarConst(const Graph& g, ValueId v) {
  const Node& n = g.nodes[v];
  return n.op == OpKind::Constant && n.type.shape.empty() && n.attrs.fvalues.empty();
}

bool IsConstValue(const Graph& g, ValueId v, double want) {
  return IsScalarConst(g, v) && g.nodes[v].attrs.fvalue == want;
}

// Rounds a double to what dtype t can hold.
double RoundTo(double v, DType t) {
  switch (t) {
    case DType::F32: return static_cast<float>(v);
    case DType::F64: return v;
    case DType::I64: return std::isfinite(v) ? static_cast<double>(static_cast<int64_t>(v)) : 0;
    case DType::I32: return std::isfinite(v) ? static_cast<double>(static_cast<int32_t>(v)) : 0;
    case DType::Bool: return v != 0 ? 1 : 0;
  }
  return v;
}

std::optional<double> Eval(OpKind op, DType t, const std::vector<double>& a) {
  bool flt = IsFloat(t);
  switch (op) {
    case OpKind::Neg: return -a[0];
    case OpKind::Abs: return std::fabs(a[0]);
    case OpKind::Exp: return std::exp(a[0]);
    case OpKind::Log: return std::log(a[0]);
    case OpKind::Sqrt: return std::sqrt(a[0]);
    case OpKind::Rsqrt: return 1.0 / std::sqrt(a[0]);
    case OpKind::Sin: return std::sin(a[0]);
    case OpKind::Cos: return std::cos(a[0]);
    case OpKind::Tanh: return std::tanh(a[0]);
    case OpKind::Sigmoid: return 1.0 / (1.0 + std::exp(-a[0]));
    case OpKind::Relu: return a[0] > 0 ? a[0] : 0.0;
    case OpKind::Not: return a[0] == 0 ? 1.0 : 0.0;
    case OpKind::Add: return a[0] + a[1];
    case OpKind::Sub: return a[0] - a[1];
    case OpKind::Mul: return a[0] * a[1];
    case OpKind::Div: return a[0] / a[1];
    case OpKind::FloorDiv:
      if (!flt && a[1] == 0) return std::nullopt;  // a run-time error; leave it to the kernel
      return std::floor(a[0] / a[1]);
    case OpKind::Mod: {
      if (!flt && a[1] == 0) return std::nullopt;
      double r = std::fmod(a[0], a[1]);
      if (r != 0 && ((r < 0) != (a[1] < 0))) r += a[1];
      return r;
    }
    case OpKind::Maximum: return std::isnan(a[0]) || a[0] > a[1] ? a[0] : a[1];
    case OpKind::Minimum: return std::isnan(a[0]) || a[0] < a[1] ? a[0] : a[1];
    case OpKind::Eq: return a[0] == a[1];
    case OpKind::Ne: return a[0] != a[1];
    case OpKind::Lt: return a[0] < a[1];
    case OpKind::Le: return a[0] <= a[1];
    case OpKind::Gt: return a[0] > a[1];
    case OpKind::Ge: return a[0] >= a[1];
    case OpKind::Where: return a[0] != 0 ? a[1] : a[2];
    default: return std::nullopt;  // pow, gelu, bitwise ops: left to the kernel
  }
}

}  // namespace

bool FoldConstants(Graph& g) {
  bool changed = false;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    Node& n = g.nodes[i];
    auto id = static_cast<ValueId>(i);
    OpCategory cat = CategoryOf(n.op);
    bool elementwise = cat == OpCategory::Unary || cat == OpCategory::Binary || cat == OpCategory::Ternary ||
                       cat == OpCategory::Cast;
    if (!elementwise || n.inputs.empty()) continue;

    bool all_const = n.type.shape.empty();
    std::vector<double> vals;
    for (ValueId in : n.inputs) {
      all_const &= IsScalarConst(g, in);
      if (all_const) vals.push_back(g.nodes[in].attrs.fvalue);
    }
    if (all_const) {
      std::optional<double> v = n.op == OpKind::Cast ? std::optional<double>(vals[0]) : Eval(n.op, n.type.dtype, vals);
      if (v) {
        n.op = OpKind::Constant;
        n.inputs.clear();
        n.attrs = Attrs{};
        n.attrs.fvalue = RoundTo(*v, n.type.dtype);
        changed = true;
      }
      continue;
    }
    // Identities: only when the operand already has the result's exact type.
    ValueId x = n.inputs[0];
    if (!(g.TypeOf(x) == n.type)) continue;
    bool identity = (n.op == OpKind::Cast) ||
                    (n.op == OpKind::Mul && IsConstValue(g, n.inputs[1], 1.0)) ||
                    (n.op == OpKind::Div && IsConstValue(g, n.inputs[1], 1.0)) ||
                    (n.op == OpKind::Sub && IsConstValue(g, n.inputs[1], 0.0) && !std::signbit(g.nodes[n.inputs[1]].attrs.fvalue));
    if (identity) changed |= ReplaceAllUses(g, id, x);
  }
  return changed;
}

}  // namespace tcc::passes
