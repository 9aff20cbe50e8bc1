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
std::optional<double> EvalAs(OpKind op, const std::vector<double>& d) {
  auto a = [&](size_t i) { return static_cast<T>(d[i]); };
  constexpr bool flt = std::is_floating_point_v<T>;
  switch (op) {
    case OpKind::Neg: if constexpr (!std::is_same_v<T, bool>) return double(sem::WrapNeg(a(0))); return std::nullopt;
    case OpKind::Abs:
      if constexpr (flt) return std::fabs(d[0]);
      else if constexpr (sem::kIsInt<T>) return double(a(0) < 0 ? sem::WrapNeg(a(0)) : a(0));
      else return d[0];
    case OpKind::Relu: return double(sem::Relu(a(0)));
    case OpKind::Not: return d[0] == 0 ? 1.0 : 0.0;
    case OpKind::BitNot: if constexpr (sem::kIsInt<T>) return double(T(~a(0))); return std::nullopt;
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
    // float functions, in double
    case OpKind::Exp: return std::exp(d[0]);
    case OpKind::Log: return std::log(d[0]);
    case OpKind::Sqrt: return std::sqrt(d[0]);
    case OpKind::Rsqrt: return 1.0 / std::sqrt(d[0]);
    case OpKind::Sin: return std::sin(d[0]);
    case OpKind::Cos: return std::cos(d[0]);
    case OpKind::Tanh: return std::tanh(d[0]);
    case OpKind::Sigmoid: return 1.0 / (1.0 + std::exp(-d[0]));
    // ---- issue 11 (float functions in double, as above)
    case OpKind::Erf: return std::erf(d[0]);
    case OpKind::Log1p: return std::log1p(d[0]);
    case OpKind::Expm1: return std::expm1(d[0]);
    case OpKind::Log2: return std::log2(d[0]);
    case OpKind::Exp2: return std::exp2(d[0]);
    case OpKind::Tan: return std::tan(d[0]);
    case OpKind::Asin: return std::asin(d[0]);
    case OpKind::Acos: return std::acos(d[0]);
    case OpKind::Atan: return std::atan(d[0]);
    case OpKind::Sinh: return std::sinh(d[0]);
    case OpKind::Cosh: return std::cosh(d[0]);
    case OpKind::Atan2: return std::atan2(d[0], d[1]);
    case OpKind::Reciprocal: if constexpr (flt) return double(T(1) / a(0)); return std::nullopt;
    case OpKind::Floor: if constexpr (flt) return double(std::floor(a(0))); return d[0];
    case OpKind::Ceil: if constexpr (flt) return double(std::ceil(a(0))); return d[0];
    case OpKind::Trunc: if constexpr (flt) return double(std::trunc(a(0))); return d[0];
    case OpKind::Sign: return double(sem::Sign(a(0)));
    case OpKind::IsNan: return std::isnan(d[0]) ? 1.0 : 0.0;
    case OpKind::IsInf: return std::isinf(d[0]) ? 1.0 : 0.0;
    case OpKind::Lerp: if constexpr (flt) return double(sem::Lerp(a(0), a(1), a(2))); return std::nullopt;
    // left to the kernel (Round and NanToNum read attributes)
    case OpKind::Pow: case OpKind::Gelu: case OpKind::Round: case OpKind::NanToNum:
    // not elementwise
#define TCC_CASE_FLAGS 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#include "graph/op_cases.inc"
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

std::optional<double> Eval(OpKind op, DType t, const std::vector<double>& a) {
  switch (t) {
    case DType::F32: return EvalAs<float>(op, a);
    case DType::F64: return EvalAs<double>(op, a);
    case DType::I64: return EvalAs<int64_t>(op, a);
    case DType::I32: return EvalAs<int32_t>(op, a);
    case DType::Bool: return EvalAs<bool>(op, a);
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
      std::optional<double> v = n.op == OpKind::Cast ? std::optional<double>(vals[0]) : Eval(n.op, ComputeDType(g, n), vals);
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
