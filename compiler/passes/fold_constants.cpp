// Implements FoldConstants. Scalars are converted to the dtype the kernel
// computes in, evaluated with the semantics library and rounded to the
// result dtype, as the kernel and the eager runtime compute 0-d tensors.
#include "passes/fold_constants.h"

#include <cmath>
#include <optional>
#include <type_traits>

#include "graph/shape.h"
#include "passes/rewrite.h"
#include "semantics/elementwise.h"
#include "semantics/unary.h"

namespace tcc::passes {

using namespace graph;

namespace {

// A 0-d constant: a Python number (fvalue) or a 0-d tensor made from data
// (`torch.tensor(2.0)`: its one value in fvalues).
bool IsScalarConst(const Graph& g, ValueId v) {
  const Node& n = g.nodes[v];
  return n.op == OpKind::Constant && n.type.shape.empty() && n.attrs.fvalues.size() <= 1;
}

double ScalarOf(const Graph& g, ValueId v) {
  const Attrs& a = g.nodes[v].attrs;
  return a.fvalues.empty() ? a.fvalue : a.fvalues[0];
}

bool IsConstValue(const Graph& g, ValueId v, double want) {
  return IsScalarConst(g, v) && ScalarOf(g, v) == want;
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

// One element of `op` computed in the C++ type T of the node's compute dtype
// with the semantics library's functions, exactly as the kernel computes it
// (lang/semantics/elementwise.h); nullopt leaves the node to the kernel (errors
// such as integer division by zero are raised there).
template <class T>
std::optional<double> EvalAs(OpKind op, const std::vector<double>& d, const sem::UnaryParams& p) {
  auto a = [&](size_t i) { return static_cast<T>(d[i]); };
  constexpr bool flt = std::is_floating_point_v<T>;
  switch (op) {
    case OpKind::Add: return double(sem::WrapAdd(a(0), a(1)));
    case OpKind::Sub: return double(sem::WrapSub(a(0), a(1)));
    case OpKind::Mul: return double(sem::WrapMul(a(0), a(1)));
    case OpKind::Div: if constexpr (flt) return double(a(0) / a(1)); return std::nullopt;
    case OpKind::FloorDiv: if (!flt && a(1) == 0) return std::nullopt; return double(sem::FloorDiv(a(0), a(1)));
    case OpKind::Mod: if (!flt && a(1) == 0) return std::nullopt; return double(sem::Remainder(a(0), a(1)));
    case OpKind::Maximum: return double(sem::Maximum(a(0), a(1)));
    case OpKind::Minimum: return double(sem::Minimum(a(0), a(1)));
    case OpKind::Eq: return a(0) == a(1);
    case OpKind::Ne: return a(0) != a(1);
    case OpKind::Lt: return a(0) < a(1);
    case OpKind::Le: return a(0) <= a(1);
    case OpKind::Gt: return a(0) > a(1);
    case OpKind::Ge: return a(0) >= a(1);
    case OpKind::And: if constexpr (!flt) return double(T(a(0) & a(1))); return std::nullopt;
    case OpKind::Or: if constexpr (!flt) return double(T(a(0) | a(1))); return std::nullopt;
    case OpKind::Xor: if constexpr (!flt) return double(T(a(0) ^ a(1))); return std::nullopt;
    case OpKind::Where: return d[0] != 0 ? d[1] : d[2];
    case OpKind::Clamp: return double(sem::Minimum(sem::Maximum(a(0), a(1)), a(2)));
    case OpKind::Atan2: return std::atan2(d[0], d[1]);  // in double
    case OpKind::Lerp: if constexpr (flt) return double(sem::Lerp(a(0), a(1), a(2))); return std::nullopt;
    case OpKind::Pow: return std::nullopt;  // left to the kernel
    // the Unary ops: their scalar meaning (lang/semantics/unary.h)
#define TCC_CASE_FLAGS 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
#include "semantics/op_cases.inc"
      return double(sem::ApplyUnary(op, a(0), p));
    // not elementwise
#define TCC_CASE_FLAGS 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#include "semantics/op_cases.inc"
      return std::nullopt;
  }
  return std::nullopt;
}

// The dtype the kernel computes `n` in: the promoted operand dtype for
// comparisons (lower/eval.cpp), the result dtype otherwise.
DType ComputeDType(const Graph& g, const Node& n) {
  if (DTypeRuleOf(n.op) != DTypeRule::Compare) return n.type.dtype;
  if (n.inputs.size() == 1) return g.TypeOf(n.inputs[0]).dtype;  // isnan, isinf
  return PromoteTypes(g.TypeOf(n.inputs[0]).dtype, g.TypeOf(n.inputs[1]).dtype);
}

// The attributes of round and nan_to_num (ops.def's comments on their rows).
sem::UnaryParams UnaryParamsOf(const Node& n) {
  sem::UnaryParams p;
  if (n.op == OpKind::Round && !n.attrs.ints.empty()) p.decimals = n.attrs.ints[0];
  if (n.op == OpKind::NanToNum && n.attrs.fvalues.size() == 3)
    p = {.nan = n.attrs.fvalues[0], .posinf = n.attrs.fvalues[1], .neginf = n.attrs.fvalues[2]};
  return p;
}

std::optional<double> Eval(const Node& n, DType t, const std::vector<double>& a) {
  const OpKind op = n.op;
  const sem::UnaryParams p = UnaryParamsOf(n);
  switch (t) {
    case DType::F32: return EvalAs<float>(op, a, p);
    case DType::F64: return EvalAs<double>(op, a, p);
    case DType::I64: return EvalAs<int64_t>(op, a, p);
    case DType::I32: return EvalAs<int32_t>(op, a, p);
    case DType::Bool: return EvalAs<bool>(op, a, p);
  }
  return std::nullopt;
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
      if (all_const) vals.push_back(ScalarOf(g, in));
    }
    if (all_const) {
      std::optional<double> v = n.op == OpKind::Cast ? std::optional<double>(vals[0]) : Eval(n, ComputeDType(g, n), vals);
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
                    (n.op == OpKind::Sub && IsConstValue(g, n.inputs[1], 0.0) && !std::signbit(ScalarOf(g, n.inputs[1])));
    if (identity) changed |= ReplaceAllUses(g, id, x);
  }
  return changed;
}

}  // namespace tcc::passes
