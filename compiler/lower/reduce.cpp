// Implements reductions: the loops over the reduced axes of one output
// element (EmitReduction), and the per-row computation of a nest's hoisted
// reductions (ComputeHoisted), which runs before the nest's innermost loop.
//
// Float sums and products are reassociable (fast-math `reassoc`) so that the
// vectoriser can keep several partial sums; max/min propagate NaN as torch does.
#include <algorithm>
#include <limits>

#include <llvm/IR/Intrinsics.h>

#include "graph/shape.h"
#include "lower/emitter.h"

namespace tcc::lower {

using graph::Node;
using graph::OpCategory;
using graph::OpKind;
using llvm::Value;

Index Emitter::ReduceInputIndex(ValueId r, const Index& out_idx, const Index& reduced) {
  const Node& n = k_.g.nodes[r];
  const graph::Shape& s = k_.g.TypeOf(n.inputs[0]).shape;
  auto axes = graph::NormalizeAxes(n.attrs.axes, s.size()).value_or(std::vector<int64_t>{});
  Index in;
  size_t k = 0, j = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    bool red = std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) != axes.end();
    if (red) {
      in.push_back(j < reduced.size() ? reduced[j] : I64(0));
      ++j;
      if (n.attrs.keepdim) ++k;
    } else {
      in.push_back(k < out_idx.size() ? out_idx[k] : I64(0));
      ++k;
    }
  }
  return in;
}

Value* Emitter::EmitReduction(ValueId r, const Index& out_idx) {
  const Node& n = k_.g.nodes[r];
  ValueId in = n.inputs[0];
  const graph::Shape& s = k_.g.TypeOf(in).shape;
  DType in_t = k_.g.TypeOf(in).dtype;
  DType out_t = n.type.dtype;
  auto axes = graph::NormalizeAxes(n.attrs.axes, s.size()).value_or(std::vector<int64_t>{});
  bool arg = n.op == OpKind::ArgMax || n.op == OpKind::ArgMin;
  bool logical = n.op == OpKind::All || n.op == OpKind::Any;
  bool minmax = n.op == OpKind::Max || n.op == OpKind::Min;
  // The accumulator dtype: the input's for max/min/arg, bool for all/any, else the output's.
  DType acc_t = (minmax || arg) ? in_t : logical ? DType::Bool : out_t;
  if (n.op == OpKind::Mean && !graph::IsFloat(acc_t)) acc_t = DType::F64;
  llvm::Type* at = ElemType(k_.c, acc_t);

  Value* init = nullptr;
  switch (n.op) {
    case OpKind::Sum:
    case OpKind::Mean: init = llvm::Constant::getNullValue(at); break;
    case OpKind::Prod: init = graph::IsFloat(acc_t) ? llvm::ConstantFP::get(at, 1.0) : llvm::ConstantInt::get(at, 1); break;
    case OpKind::All: init = b_.getTrue(); break;
    case OpKind::Any: init = b_.getFalse(); break;
    case OpKind::Max: case OpKind::Min: case OpKind::ArgMax: case OpKind::ArgMin:
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1
#include "semantics/op_cases.inc"
    {
      bool is_max = n.op == OpKind::Max || n.op == OpKind::ArgMax;
      if (graph::IsFloat(acc_t)) init = llvm::ConstantFP::getInfinity(at, is_max);
      else if (acc_t == DType::Bool) init = is_max ? b_.getFalse() : b_.getTrue();
      else init = is_max ? llvm::ConstantInt::get(at, llvm::APInt::getSignedMinValue(at->getIntegerBitWidth()))
                         : llvm::ConstantInt::get(at, llvm::APInt::getSignedMaxValue(at->getIntegerBitWidth()));
    }
  }
  Value* acc = EntryAlloca(at, "acc");
  Value* best = arg ? EntryAlloca(b_.getInt64Ty(), "argidx") : nullptr;
  b_.CreateStore(init, acc);
  if (best) b_.CreateStore(I64(0), best);
  // Float max/min: a plain vector max (maxnum without NaNs: one vmaxps) and a
  // separate any-NaN flag, as torch's vectorised max does, instead of
  // llvm.maximum's blend sequence (5 instructions a vector, which made max
  // compute-bound below memory speed). A NaN anywhere gives NaN.
  bool nan_flag = minmax && graph::IsFloat(acc_t);
  Value* any_nan = nan_flag ? NewNanFlag(at) : nullptr;

  std::vector<Value*> sizes;
  for (int64_t a : axes) sizes.push_back(DimSize(s[a]));
  Value* count = I64(1);
  for (Value* sz : sizes) count = b_.CreateMul(count, sz);

  auto input_at = [&](const Index& red) { return Convert(Eval(in, ReduceInputIndex(r, out_idx, red)), in_t, acc_t); };
  LoopNest(sizes, [&](const Index& red) {
    Value* x = input_at(red);
    Value* a = b_.CreateLoad(at, acc);
    llvm::IRBuilder<>::FastMathFlagGuard guard(b_);
    llvm::FastMathFlags fmf;
    fmf.setAllowReassoc();
    b_.setFastMathFlags(fmf);
    Value* nv = nullptr;
    switch (n.op) {
      case OpKind::Sum:
      case OpKind::Mean: nv = graph::IsFloat(acc_t) ? b_.CreateFAdd(a, x) : b_.CreateAdd(a, x); break;
      case OpKind::Prod: nv = graph::IsFloat(acc_t) ? b_.CreateFMul(a, x) : b_.CreateMul(a, x); break;
      case OpKind::All: nv = b_.CreateAnd(a, x); break;
      case OpKind::Any: nv = b_.CreateOr(a, x); break;
      case OpKind::Max:
      case OpKind::Min: {
        bool is_max = n.op == OpKind::Max;
        if (!graph::IsFloat(acc_t)) {
          bool u = acc_t == DType::Bool;
          nv = b_.CreateBinaryIntrinsic(is_max ? (u ? llvm::Intrinsic::umax : llvm::Intrinsic::smax)
                                               : (u ? llvm::Intrinsic::umin : llvm::Intrinsic::smin), a, x);
          break;
        }
        nv = FloatMinMaxStep(is_max, a, x, any_nan);
        break;
      }
      case OpKind::ArgMax:
      case OpKind::ArgMin: {
        // first occurrence wins; a NaN beats everything (torch)
        bool is_max = n.op == OpKind::ArgMax;
        Value* better;
        if (graph::IsFloat(acc_t)) {
          better = is_max ? b_.CreateFCmpOGT(x, a) : b_.CreateFCmpOLT(x, a);
          better = b_.CreateOr(better, b_.CreateAnd(b_.CreateFCmpUNO(x, x), b_.CreateFCmpORD(a, a)));
        } else {
          bool u = acc_t == DType::Bool;
          better = is_max ? (u ? b_.CreateICmpUGT(x, a) : b_.CreateICmpSGT(x, a))
                          : (u ? b_.CreateICmpULT(x, a) : b_.CreateICmpSLT(x, a));
        }
        Value* lin = I64(0);
        for (size_t d = 0; d < red.size(); ++d) lin = b_.CreateAdd(b_.CreateMul(lin, sizes[d]), red[d]);
        b_.CreateStore(b_.CreateSelect(better, lin, b_.CreateLoad(b_.getInt64Ty(), best)), best);
        nv = b_.CreateSelect(better, x, a);
        break;
      }
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1
#include "semantics/op_cases.inc"
        nv = a;
        break;
    }
    b_.CreateStore(nv, acc);
  });

  if (arg) return b_.CreateLoad(b_.getInt64Ty(), best);
  Value* res = b_.CreateLoad(at, acc);
  if (any_nan)
    res = FloatMinMaxResult(res, any_nan, [&](const std::function<void(Value*)>& visit) {
      LoopNest(sizes, [&](const Index& red) { visit(input_at(red)); });
    });
  if (n.op == OpKind::Mean) res = b_.CreateFDiv(res, b_.CreateSIToFP(count, at));
  return Convert(res, acc_t, out_t);
}

Value* Emitter::FloatMinMaxStep(bool is_max, Value* a, Value* x, Value* any_nan) {
  // The flag is the float sum of every x (reassociable: one vaddps a vector,
  // where the bits' AND and integer max took two, and max of 2^24 floats
  // ran 20% slower than sum on an AVX2 machine): a NaN anywhere makes it NaN.
  // So does +inf meeting -inf, which FloatMinMaxResult tells apart by a
  // rescan that only a NaN flag pays for.
  llvm::IRBuilder<>::FastMathFlagGuard guard(b_);
  llvm::FastMathFlags fmf;
  fmf.setAllowReassoc();
  b_.setFastMathFlags(fmf);
  b_.CreateStore(b_.CreateFAdd(b_.CreateLoad(x->getType(), any_nan), x), any_nan);
  // No NaNs reach the max that counts (a NaN sets the flag, which decides the
  // result), and either zero may win, as in torch: one vmaxps a vector.
  fmf.setNoNaNs();
  fmf.setNoSignedZeros();
  b_.setFastMathFlags(fmf);
  return b_.CreateBinaryIntrinsic(is_max ? llvm::Intrinsic::maxnum : llvm::Intrinsic::minnum, a, x);
}

Value* Emitter::NewNanFlag(llvm::Type* elem) {
  Value* slot = EntryAlloca(elem, "anynan");
  b_.CreateStore(llvm::ConstantFP::get(elem, 0.0), slot);
  return slot;
}

Value* Emitter::FloatMinMaxResult(Value* acc, Value* any_nan, const EachInput& each_x) {
  // A number flag: no NaN was seen. A NaN flag: a NaN, or both infinities;
  // the rescan asks every x.
  Value* flag = b_.CreateLoad(acc->getType(), any_nan);
  llvm::BasicBlock* pre = b_.GetInsertBlock();
  auto* check = llvm::BasicBlock::Create(k_.c, "nan.rescan", fn_);
  auto* done = llvm::BasicBlock::Create(k_.c, "nan.known", fn_);
  b_.CreateCondBr(b_.CreateFCmpUNO(flag, flag), check, done);
  b_.SetInsertPoint(check);
  Value* slot = EntryAlloca(b_.getInt1Ty(), "seennan");
  b_.CreateStore(b_.getFalse(), slot);
  each_x([&](Value* x) { b_.CreateStore(b_.CreateOr(b_.CreateLoad(b_.getInt1Ty(), slot), b_.CreateFCmpUNO(x, x)), slot); });
  Value* seen_rescan = b_.CreateLoad(b_.getInt1Ty(), slot);
  llvm::BasicBlock* check_end = b_.GetInsertBlock();
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
  llvm::PHINode* seen = b_.CreatePHI(b_.getInt1Ty(), 2, "nan.seen");
  seen->addIncoming(b_.getFalse(), pre);
  seen->addIncoming(seen_rescan, check_end);
  return b_.CreateSelect(seen, llvm::ConstantFP::getNaN(acc->getType()), acc);
}

void Emitter::FindHoisted(const passes::FusedGroup& grp, ValueId v, const Index& idx) {
  const Node& n = k_.g.nodes[v];
  if (v != grp.root && (k_.plan.materialised[v] || n.op == OpKind::Input)) return;
  if (hoisted_.count(v)) return;
  switch (graph::CategoryOf(n.op)) {
    case OpCategory::Reduce: {
      Index zeros;
      FindHoisted(grp, n.inputs[0], ReduceInputIndex(v, idx, zeros));
      if (v != grp.root && std::find(grp.hoisted.begin(), grp.hoisted.end(), v) != grp.hoisted.end()) {
        hoisted_[v] = {idx, EmitReduction(v, idx)};
        // The pass that filled the row cache has covered the whole row.
        if (row_state_ == RowCache::Filling) row_state_ = RowCache::Filled;
      }
      return;
    }
    case OpCategory::Unary:
    case OpCategory::Binary:
    case OpCategory::Ternary:
    case OpCategory::Cast:
      for (ValueId in : n.inputs) FindHoisted(grp, in, BroadcastIndex(k_.g.TypeOf(in).shape, n.type.shape, idx));
      return;
    case OpCategory::View:
      if (n.op != OpKind::Reshape) FindHoisted(grp, n.inputs[0], ViewInputIndex(v, idx));
      return;
    case OpCategory::Input: case OpCategory::Constant: case OpCategory::Contract: case OpCategory::Join:
    case OpCategory::Create: case OpCategory::Random: case OpCategory::Scan: case OpCategory::Window:
    case OpCategory::Index: return;  // index operands are buffers
  }
}

void Emitter::ComputeHoisted(const passes::FusedGroup& grp, const Index& root_idx) {
  if (grp.hoisted.empty()) return;
  FindHoisted(grp, grp.root, root_idx);
}

}  // namespace tcc::lower
