// The tracer's view of torch's result_type (lang/semantics/dtype.h): a tensor
// operand with dims decides first, a 0-d tensor and a Python number only
// from a higher category. `float32[n] + tensor(1.0, dtype=float64)` is
// float32, as eagerly.
#pragma once

#include <initializer_list>

#include "semantics/dtype.h"
#include "trace/value.h"

namespace tcc::trace {

// The tier of a tensor operand: 0-d or with dims.
inline sem::Operand TierOf(const Value& v) {
  return v.rank_known && v.type.shape.empty() ? sem::Operand::ZeroDim : sem::Operand::Tensor;
}

// Adds one operand (a tensor or a Python number; anything else is ignored).
inline void AddOperand(sem::ResultType& r, const Value& v) {
  if (v.kind == VK::Tensor) {
    r.Add(v.type.dtype, TierOf(v));
  } else if (v.is_number()) {
    r.Add(v.kind == VK::Float ? sem::PyKind::Float : v.kind == VK::Int ? sem::PyKind::Int : sem::PyKind::Bool);
  }
}

// The dtype of an elementwise op over these operands (before the op's own
// rule: true division, comparisons).
inline graph::DType ResultDType(std::initializer_list<const Value*> operands) {
  sem::ResultType r;
  for (const Value* v : operands)
    if (v) AddOperand(r, *v);
  return r.Result();
}

}  // namespace tcc::trace
