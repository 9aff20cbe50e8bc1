// Implements Emitter::EvalLinspace: element `i` of a linspace node, the
// algorithm of lang/semantics/linspace.h (sem::LinspaceAt, torch 1.13's AVX2 CPU
// kernel) in IR, so compiled and interpreted linspace agree with torch bit
// for bit. Float dtypes compute in their own type, integer dtypes in double
// then truncate (Convert), as torch's step_t; the multiply-adds are explicit
// llvm.fma calls, the lane step is a plain multiply and add.
#include "lower/emitter.h"
#include "semantics/linspace.h"

namespace tcc::lower {

using llvm::Value;

Value* Emitter::EvalLinspace(const graph::Node& n, Value* i) {
  DType t = n.type.dtype;
  DType s = t == DType::F32 ? DType::F32 : DType::F64;  // torch's step_t
  int64_t lanes = t == DType::F32 ? sem::LinspaceLanes<float>()
                : t == DType::F64 ? sem::LinspaceLanes<double>()
                : t == DType::I32 ? sem::LinspaceLanes<int32_t>()
                : t == DType::I64 ? sem::LinspaceLanes<int64_t>() : sem::LinspaceLanes<bool>();
  llvm::Type* st = ElemType(k_.c, s);
  auto to_s = [&](Value* int_v) { return b_.CreateSIToFP(int_v, st); };
  // start and end are the Python numbers converted to the dtype first
  auto endpoint = [&](size_t k) {
    double v = n.attrs.fvalues.size() > k ? n.attrs.fvalues[k] : 0.0;
    return Convert(Convert(llvm::ConstantFP::get(b_.getDoubleTy(), v), DType::F64, t), t, s);
  };
  Value* start = endpoint(0);
  Value* end = endpoint(1);
  Value* count = DimSize(n.type.shape[0]);
  Value* denom = b_.CreateSub(count, I64(1));
  Value* safe = b_.CreateSelect(b_.CreateICmpSGT(denom, I64(0)), denom, I64(1));
  Value* step = b_.CreateFDiv(b_.CreateFSub(end, start), to_s(safe));
  Value* half = b_.CreateSDiv(count, I64(2));
  auto fma = [&](Value* a, Value* m, Value* c) { return b_.CreateIntrinsic(llvm::Intrinsic::fma, {st}, {a, m, c}); };
  // the scalar rule at k (also a vector's base), rounded to the dtype
  auto at = [&](Value* k) {
    Value* up = fma(step, to_s(k), start);
    Value* down = fma(b_.CreateFNeg(step), to_s(b_.CreateSub(b_.CreateSub(count, k), I64(1))), end);
    return Convert(b_.CreateSelect(b_.CreateICmpSLT(k, half), up, down), s, t);
  };
  Value* vector_end = b_.CreateMul(b_.CreateSDiv(count, I64(2 * lanes)), I64(2 * lanes));
  Value* in_vector = b_.CreateICmpSLT(i, vector_end);
  Value* lane = b_.CreateSelect(in_vector, b_.CreateSRem(i, I64(lanes)), I64(0));
  Value* base = at(b_.CreateSub(i, lane));
  Value* stepped = Convert(b_.CreateFAdd(Convert(base, t, s), b_.CreateFMul(to_s(lane), step)), s, t);
  Value* v = b_.CreateSelect(b_.CreateICmpEQ(lane, I64(0)), base, stepped);
  return b_.CreateSelect(b_.CreateICmpEQ(count, I64(1)), Convert(start, s, t), v);
}

}  // namespace tcc::lower
