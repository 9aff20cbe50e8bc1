// The meaning of one element of each Unary op of ops.def, written once: the
// runtime's kernel (runtime/tensor/elementwise_unary.cpp), constant folding
// (compiler/passes/fold_constants.cpp) and the lowering's fallback for an op
// it has no inline form for (ts_rt_unary_*, runtime/tensor/unary_scalar.cpp)
// all instantiate these. Adding a Unary row to ops.def without a
// specialisation here is a build error.
//
// Apply is called in the dtype the op computes in: FloatFn ops only see
// floats (an integer operand is converted to float32 first), Same ops every
// dtype the op accepts (UnaryDTypeError lists the ones it rejects), Compare
// ops return bool. Faster float32 forms of exp, tanh and sigmoid live in the
// kernels (runtime/tensor/fast_math.h, lower/math_approx.cpp): a fast path,
// not a second meaning.
#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "semantics/elementwise.h"
#include "semantics/op_select.h"
#include "semantics/ops.h"

namespace tcc::sem {

// The attributes of the ops that take some (graph attrs.ints / fvalues).
struct UnaryParams {
  int64_t decimals = 0;                 // round
  double nan = 0;                       // nan_to_num
  std::optional<double> posinf, neginf; // nan_to_num: absent is the dtype's largest / lowest
};

template <OpKind op> struct Unary;  // one specialisation per Unary row of ops.def

#define TCC_UNARY(Name, ...)                                                                        \
  template <> struct Unary<OpKind::Name> {                                                          \
    template <class T> static auto Apply([[maybe_unused]] T x, [[maybe_unused]] const UnaryParams& p) { \
      __VA_ARGS__                                                                                   \
    }                                                                                               \
  };
#define TCC_FLOAT_FN(Name, expr) TCC_UNARY(Name, using F = std::conditional_t<std::is_floating_point_v<T>, T, float>; \
                                           F v = static_cast<F>(x); return static_cast<T>(expr);)

TCC_UNARY(Neg, if constexpr (std::is_same_v<T, bool>) return x;
          else if constexpr (std::is_floating_point_v<T>) return -x; else return WrapNeg(x);)  // -0.0 for 0.0
TCC_UNARY(Abs, if constexpr (std::is_floating_point_v<T>) return std::fabs(x);
          else if constexpr (kIsInt<T>) return x < 0 ? WrapNeg(x) : x; else return x;)
TCC_FLOAT_FN(Exp, std::exp(v))
TCC_FLOAT_FN(Log, std::log(v))
TCC_FLOAT_FN(Sqrt, std::sqrt(v))
TCC_FLOAT_FN(Rsqrt, F(1) / std::sqrt(v))
TCC_FLOAT_FN(Sin, std::sin(v))
TCC_FLOAT_FN(Cos, std::cos(v))
TCC_FLOAT_FN(Tanh, std::tanh(v))
TCC_FLOAT_FN(Sigmoid, F(1) / (F(1) + std::exp(-v)))
TCC_UNARY(Relu, return Relu(x);)
TCC_FLOAT_FN(Gelu, F(0.5) * v * (F(1) + std::erf(v * F(0.70710678118654752440))))
TCC_UNARY(Not, return static_cast<T>(!x);)
TCC_UNARY(BitNot, if constexpr (std::is_same_v<T, bool>) return !x;
          else if constexpr (kIsInt<T>) return T(~x); else return x;)  // floats: UnaryDTypeError
TCC_FLOAT_FN(Erf, std::erf(v))
TCC_FLOAT_FN(Log1p, std::log1p(v))
TCC_FLOAT_FN(Expm1, std::expm1(v))
TCC_FLOAT_FN(Log2, std::log2(v))
TCC_FLOAT_FN(Exp2, std::exp2(v))
TCC_FLOAT_FN(Tan, std::tan(v))
TCC_FLOAT_FN(Asin, std::asin(v))
TCC_FLOAT_FN(Acos, std::acos(v))
TCC_FLOAT_FN(Atan, std::atan(v))
TCC_FLOAT_FN(Sinh, std::sinh(v))
TCC_FLOAT_FN(Cosh, std::cosh(v))
TCC_FLOAT_FN(Asinh, std::asinh(v))
TCC_FLOAT_FN(Acosh, std::acosh(v))
TCC_FLOAT_FN(Atanh, std::atanh(v))
TCC_FLOAT_FN(Erfc, std::erfc(v))
TCC_FLOAT_FN(Reciprocal, F(1) / v)
// rounding: integers are unchanged
TCC_UNARY(Floor, if constexpr (std::is_floating_point_v<T>) return std::floor(x); else return x;)
TCC_UNARY(Ceil, if constexpr (std::is_floating_point_v<T>) return std::ceil(x); else return x;)
TCC_UNARY(Trunc, if constexpr (std::is_floating_point_v<T>) return std::trunc(x); else return x;)
TCC_UNARY(Round, return Round(x, p.decimals);)
TCC_UNARY(Sign, return Sign(x);)
TCC_UNARY(NanToNum, if constexpr (std::is_floating_point_v<T>) {
  return NanToNum(x, static_cast<T>(p.nan), p.posinf ? static_cast<T>(*p.posinf) : std::numeric_limits<T>::max(),
                  p.neginf ? static_cast<T>(*p.neginf) : std::numeric_limits<T>::lowest());
} else return x;)
TCC_UNARY(IsNan, if constexpr (std::is_floating_point_v<T>) return x != x; else return false;)
TCC_UNARY(IsInf, if constexpr (std::is_floating_point_v<T>) return std::isinf(x); else return false;)

#undef TCC_FLOAT_FN
#undef TCC_UNARY

// One element of the Unary op `op` in T (a Compare op's bool as 0 or 1);
// x itself for an op of another category.
template <class T>
T ApplyUnary(OpKind op, T x, const UnaryParams& p = {}) {
  switch (op) {
#define TCC_PICKED(Name) \
  case OpKind::Name: return static_cast<T>(Unary<OpKind::Name>::Apply(x, p));
#define TCC_OP(Name, spelling, Category, Cost, DType) TCC_OP_SELECT(Category, TCC_ONLY_UNARY)(Name)
#include "semantics/ops.def"
#undef TCC_PICKED
#define TCC_CASE_FLAGS 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#include "semantics/op_cases.inc"
      break;
  }
  return x;
}

// torch's error for a Unary op on a dtype it rejects, or "" (FloatFn ops
// accept every dtype: integers compute in float32).
inline std::string UnaryDTypeError(OpKind op, DType in) {
  if (in == DType::Bool && op == OpKind::Neg) return "negation (-) of a bool tensor is not supported; use ~ instead";
  if (in == DType::Bool && (op == OpKind::Floor || op == OpKind::Ceil || op == OpKind::Trunc || op == OpKind::Round))
    return std::string(OpSpelling(op)) + ": not implemented for bool tensors";
  if (op == OpKind::BitNot && IsFloating(in))
    return std::string("~ is only supported for bool and integer tensors, got ") + DTypeName(in);
  return "";
}

}  // namespace tcc::sem
