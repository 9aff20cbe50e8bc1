// The tensor builtins defined as compositions of other ops, written once:
// var, std, logsumexp, norm (torch.linalg.vector_norm's values),
// count_nonzero, softmax and log_softmax. The tracer instantiates them with a
// backend that emits graph ops (trace/builtins_ops.cpp: they fuse like
// hand-written code), the interpreter with one that runs the runtime's
// kernels (interp/builtins_ops.cpp), so both modes compute the same
// expression in the same order.
//
// A backend B provides:
//   using T = ...;                                   a tensor or a Python number
//   T Reduce(CompOp, const T& x, const std::vector<int64_t>& dims, bool keepdim)
//                                                    Sum, Mean, Max, Min; dims empty = all
//   T Binary(CompOp, const T& a, const T& b)         Add, Sub, Mul, Div, Pow, Ne
//   T Unary(CompOp, const T& x)                      Exp, Log, Sqrt, Abs, IsInf
//   T Where(const T& cond, const T& a, const T& b)
//   T Number(double v)                               a Python float
//   T Cast(const T& x, DType t)
//   DType DTypeOf(const T& x)
//   std::optional<double> ReducedCount(const T& x, const std::vector<int64_t>& dims)
//                                                    elements per reduced slice (nullopt: unknown now)
//   T Error(const std::string& message)              torch's error (raised, or reported)
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "semantics/dtype.h"

namespace tcc::sem {

enum class CompOp { Sum, Mean, Max, Min, Add, Sub, Mul, Div, Pow, Ne, Exp, Log, Sqrt, Abs, IsInf };

using Dims = std::vector<int64_t>;

// var(x, dim, correction): sum((x - mean(x))^2) / max(0, N - correction),
// two passes (torch: unbiased=True is correction=1). N - correction <= 0
// divides by zero (nan or inf), as torch.
template <class B> typename B::T Var(B& b, const typename B::T& x, const Dims& dims, double correction, bool keepdim) {
  if (!IsFloating(b.DTypeOf(x))) return b.Error("std and var only support floating point and complex dtypes");
  auto n = b.ReducedCount(x, dims);
  if (!n) return b.Error("");
  auto mu = b.Reduce(CompOp::Mean, x, dims, true);
  auto d = b.Binary(CompOp::Sub, x, mu);
  auto ss = b.Reduce(CompOp::Sum, b.Binary(CompOp::Mul, d, d), dims, keepdim);
  return b.Binary(CompOp::Div, ss, b.Number(std::max(0.0, *n - correction)));
}

template <class B> typename B::T Std(B& b, const typename B::T& x, const Dims& dims, double correction, bool keepdim) {
  if (!IsFloating(b.DTypeOf(x))) return b.Error("std and var only support floating point and complex dtypes");
  return b.Unary(CompOp::Sqrt, Var(b, x, dims, correction, keepdim));
}

// logsumexp: m = amax(x) with infinite maxima replaced by 0 (torch's
// masked_fill), log(sum(exp(x - m))) + m. Integers compute in float32.
template <class B> typename B::T LogSumExp(B& b, typename B::T x, const Dims& dims, bool keepdim) {
  if (!IsFloating(b.DTypeOf(x))) x = b.Cast(x, DType::F32);
  auto numel = b.ReducedCount(x, {});
  if (numel && *numel == 0)  // torch: no maxima to subtract from an empty tensor
    return b.Unary(CompOp::Log, b.Reduce(CompOp::Sum, b.Unary(CompOp::Exp, x), dims, keepdim));
  auto masked = [&](const typename B::T& m) { return b.Where(b.Unary(CompOp::IsInf, m), b.Number(0.0), m); };
  auto m = masked(b.Reduce(CompOp::Max, x, dims, true));
  auto s = b.Reduce(CompOp::Sum, b.Unary(CompOp::Exp, b.Binary(CompOp::Sub, x, m)), dims, keepdim);
  auto mk = keepdim ? m : masked(b.Reduce(CompOp::Max, x, dims, false));
  return b.Binary(CompOp::Add, b.Unary(CompOp::Log, s), mk);
}

// norm with a number p (torch.linalg.vector_norm): 2: sqrt(sum(x*x)),
// 1: sum(|x|), inf: amax(|x|), -inf: amin(|x|) (0 for an empty tensor), 0: the count of nonzeros,
// else sum(|x|^p)^(1/p). Floats only.
template <class B> typename B::T Norm(B& b, const typename B::T& x, double p, const Dims& dims, bool keepdim) {
  DType t = b.DTypeOf(x);
  if (!IsFloating(t))
    return b.Error(std::string("norm(): input dtype should be either floating point or complex. Got ") +
                   DTypeName(t) + " instead.");
  if (p == 2) return b.Unary(CompOp::Sqrt, b.Reduce(CompOp::Sum, b.Binary(CompOp::Mul, x, x), dims, keepdim));
  auto a = b.Unary(CompOp::Abs, x);
  if (p == 1) return b.Reduce(CompOp::Sum, a, dims, keepdim);
  if (std::isinf(p)) {
    auto numel = b.ReducedCount(x, {});
    if (numel && *numel == 0) return b.Reduce(CompOp::Sum, a, dims, keepdim);  // torch: 0 for an empty tensor
    return b.Reduce(p > 0 ? CompOp::Max : CompOp::Min, a, dims, keepdim);
  }
  if (p == 0) return b.Reduce(CompOp::Sum, b.Cast(b.Binary(CompOp::Ne, x, b.Number(0.0)), t), dims, keepdim);
  auto s = b.Reduce(CompOp::Sum, b.Binary(CompOp::Pow, a, b.Number(p)), dims, keepdim);
  return b.Binary(CompOp::Pow, s, b.Number(1.0 / p));
}

// count_nonzero: sum(x != 0) over dims, int64.
template <class B> typename B::T CountNonzero(B& b, const typename B::T& x, const Dims& dims) {
  return b.Reduce(CompOp::Sum, b.Binary(CompOp::Ne, x, b.Number(0.0)), dims, false);
}

// softmax / log_softmax over one dim, in `dtype` when given (x is cast
// first, as torch): e = exp(x - amax(x)); e * (1 / sum(e)), or
// (x - amax(x)) - log(sum(e)). Integers are torch's error.
template <class B>
typename B::T Softmax(B& b, typename B::T x, int64_t dim, std::optional<DType> dtype, bool log) {
  if (dtype) x = b.Cast(x, *dtype);
  DType t = b.DTypeOf(x);
  if (!IsFloating(t))
    return b.Error(std::string(log ? "log_softmax" : "softmax") + " of a " + DTypeName(t) +
                   " tensor is not supported; pass dtype=float32 or convert it first");
  Dims d{dim};
  auto numel = b.ReducedCount(x, {});
  if (numel && *numel == 0) return x;  // an empty tensor: itself (torch)
  auto s = b.Binary(CompOp::Sub, x, b.Reduce(CompOp::Max, x, d, true));
  auto e = b.Unary(CompOp::Exp, s);
  if (log) return b.Binary(CompOp::Sub, s, b.Unary(CompOp::Log, b.Reduce(CompOp::Sum, e, d, true)));
  // times 1 / sum, as torch's vectorised kernel (one division per row)
  return b.Binary(CompOp::Mul, e, b.Binary(CompOp::Div, b.Number(1.0), b.Reduce(CompOp::Sum, e, d, true)));
}

}  // namespace tcc::sem
