// Implements Emitter::Eval: the value of one element of a node, computed
// inline from its operands (elementwise ops, casts, views, creation ops),
// loaded from a buffer (inputs, materialised values) or taken from the
// current row's hoisted reductions.
#include <cmath>

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include "graph/shape.h"
#include "lower/emitter.h"
#include "lower/math_approx.h"
#include "lower/runtime_decls.h"

namespace tcc::lower {

using graph::Dim;
using graph::Node;
using graph::OpCategory;
using graph::OpKind;
using graph::Shape;
using llvm::Value;

namespace {

bool IsCompare(OpKind op) {
  return op == OpKind::Eq || op == OpKind::Ne || op == OpKind::Lt || op == OpKind::Le || op == OpKind::Gt ||
         op == OpKind::Ge;
}

}  // namespace

Index Emitter::BroadcastIndex(const Shape& in, const Shape& out, const Index& idx) {
  Index r(in.size());
  size_t off = out.size() - in.size();
  for (size_t i = 0; i < in.size(); ++i)
    r[i] = (in[i].is_static() && in[i].size == 1) ? I64(0) : idx[i + off];
  return r;
}

void Emitter::SetRowCache(ValueId v, const Buffer& row) {
  row_value_ = v;
  row_buf_ = row;
  row_state_ = v >= 0 && row.dtype == k_.g.TypeOf(v).dtype ? RowCache::Empty : RowCache::Off;
}

Value* Emitter::Eval(ValueId v, const Index& idx) {
  if (v != row_value_ || row_state_ == RowCache::Off) return EvalNode(v, idx);
  if (row_state_ == RowCache::Filled) return LoadElem(row_buf_, idx);
  // Empty or Filling: inside the first reduction pass over the row.
  row_state_ = RowCache::Filling;
  Value* x = EvalNode(v, idx);
  StoreElem(row_buf_, idx, x);
  return x;
}

Value* Emitter::EvalNode(ValueId v, const Index& idx) {
  const Node& n = k_.g.nodes[v];
  auto hit = hoisted_.find(v);
  if (hit != hoisted_.end()) return hit->second.second;
  auto buf = k_.buffers.find(v);
  if (buf != k_.buffers.end() && (k_.plan.materialised[v] || n.op == OpKind::Input)) return LoadElem(buf->second, idx);

  DType t = n.type.dtype;
  switch (graph::CategoryOf(n.op)) {
    case OpCategory::Input:
      if (n.op == OpKind::ScalarInput) {
        size_t i = static_cast<size_t>(n.attrs.index);
        Value* d = i < k_.scalars.size() ? Cap(k_.scalars[i]) : llvm::ConstantFP::get(b_.getDoubleTy(), 0.0);
        return Convert(d, DType::F64, t);
      }
      k_.errors.push_back("input %" + std::to_string(v) + " has no buffer");
      return llvm::UndefValue::get(ElemType(k_.c, t));
    case OpCategory::Constant:
      if (!n.attrs.fvalues.empty()) return LoadConstData(n, idx);
      return Convert(llvm::ConstantFP::get(b_.getDoubleTy(), n.attrs.fvalue), DType::F64, t);
    case OpCategory::Create: return EvalCreate(n, idx);
    case OpCategory::Cast: {
      ValueId in = n.inputs[0];
      return Convert(Eval(in, idx), k_.g.TypeOf(in).dtype, t);
    }
    case OpCategory::Unary: {
      ValueId in = n.inputs[0];
      // isnan/isinf test the operand in its own dtype; the others compute in the result's
      bool test = graph::DTypeRuleOf(n.op) == graph::DTypeRule::Compare;
      DType ct = (n.op == OpKind::Not) ? DType::Bool : test ? k_.g.TypeOf(in).dtype : t;
      return EvalUnary(n, Convert(Eval(in, idx), k_.g.TypeOf(in).dtype, ct), ct);
    }
    case OpCategory::Binary: {
      DType ta = k_.g.TypeOf(n.inputs[0]).dtype, tb = k_.g.TypeOf(n.inputs[1]).dtype;
      DType ct = IsCompare(n.op) ? graph::PromoteTypes(ta, tb) : t;
      Value* a = Convert(Eval(n.inputs[0], BroadcastIndex(k_.g.TypeOf(n.inputs[0]).shape, n.type.shape, idx)), ta, ct);
      Value* c = Convert(Eval(n.inputs[1], BroadcastIndex(k_.g.TypeOf(n.inputs[1]).shape, n.type.shape, idx)), tb, ct);
      return EvalBinary(n, a, c, ct);
    }
    case OpCategory::Ternary: {
      Value* ops[3];
      for (int i = 0; i < 3; ++i) {
        ValueId in = n.inputs[i];
        DType want = (n.op == OpKind::Where && i == 0) ? DType::Bool : t;
        ops[i] = Convert(Eval(in, BroadcastIndex(k_.g.TypeOf(in).shape, n.type.shape, idx)), k_.g.TypeOf(in).dtype, want);
      }
      if (n.op == OpKind::Where) return b_.CreateSelect(ops[0], ops[1], ops[2]);
      if (n.op == OpKind::Lerp) return EmitLerp(ops[0], ops[1], ops[2], t);
      // clamp(x, lo, hi) = minimum(maximum(x, lo), hi), as the runtime (sem::Maximum)
      if (graph::IsFloat(t)) return EmitMaxMin(EmitMaxMin(ops[0], ops[1], t, true), ops[2], t, false);
      Value* lo_lt = graph::IsFloat(t) ? b_.CreateFCmpOLT(ops[0], ops[1]) : b_.CreateICmpSLT(ops[0], ops[1]);
      Value* r = b_.CreateSelect(lo_lt, ops[1], ops[0]);
      Value* hi_gt = graph::IsFloat(t) ? b_.CreateFCmpOGT(r, ops[2]) : b_.CreateICmpSGT(r, ops[2]);
      return b_.CreateSelect(hi_gt, ops[2], r);
    }
    case OpCategory::Index: return EvalIndexOp(v, idx);
    case OpCategory::Reduce: return EmitReduction(v, idx);  // not hoisted here: computed in place
    case OpCategory::View:
      if (n.op == OpKind::Reshape) return EvalReshape(v, idx);
      return Eval(n.inputs[0], ViewInputIndex(v, idx));
    case OpCategory::Contract:
    case OpCategory::Join:
    case OpCategory::Random:
    case OpCategory::Scan:
    case OpCategory::Window:
      k_.errors.push_back(std::string(graph::OpSpelling(n.op)) + " %" + std::to_string(v) + " was not materialised");
      return llvm::UndefValue::get(ElemType(k_.c, t));
  }
  return llvm::UndefValue::get(ElemType(k_.c, t));
}

Value* Emitter::EvalBinary(const Node& n, Value* a, Value* c, DType t) {
  llvm::Type* ty = ElemType(k_.c, t);
  bool f = graph::IsFloat(t);
  auto zero = [&] { return llvm::Constant::getNullValue(ty); };
  switch (n.op) {
    // bool + bool is `or` and bool * bool `and`, as in torch (an i1 add would wrap)
    case OpKind::Add: return f ? b_.CreateFAdd(a, c) : t == DType::Bool ? b_.CreateOr(a, c) : b_.CreateAdd(a, c);
    case OpKind::Sub: return f ? b_.CreateFSub(a, c) : b_.CreateSub(a, c);
    case OpKind::Mul: return f ? b_.CreateFMul(a, c) : t == DType::Bool ? b_.CreateAnd(a, c) : b_.CreateMul(a, c);
    case OpKind::Div: return f ? b_.CreateFDiv(a, c) : b_.CreateSDiv(a, c);
    // // and % as lang/semantics/elementwise.h defines them (FloorDiv, Remainder);
    // tests/unit/backend/semantics_jit_test.cpp checks the two agree.
    case OpKind::FloorDiv:
    case OpKind::Mod: {
      if (f) {
        Value* r = b_.CreateFRem(a, c);
        auto fc = [&](double v) { return llvm::ConstantFP::get(ty, v); };
        Value* wrong_sign = b_.CreateAnd(b_.CreateFCmpUNE(r, zero()),
                                         b_.CreateXor(b_.CreateFCmpOLT(r, zero()), b_.CreateFCmpOLT(c, zero())));
        if (n.op == OpKind::Mod) return b_.CreateSelect(wrong_sign, b_.CreateFAdd(r, c), r);
        // torch's div_floor_floating: the quotient of a - fmod(a, b), corrected
        Value* q = b_.CreateFDiv(a, c);
        Value* div = b_.CreateFDiv(b_.CreateFSub(a, r), c);
        div = b_.CreateSelect(wrong_sign, b_.CreateFSub(div, fc(1.0)), div);
        Value* fl = b_.CreateUnaryIntrinsic(llvm::Intrinsic::floor, div);
        fl = b_.CreateSelect(b_.CreateFCmpOGT(b_.CreateFSub(div, fl), fc(0.5)), b_.CreateFAdd(fl, fc(1.0)), fl);
        Value* signed_zero = b_.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, zero(), q);
        Value* res = b_.CreateSelect(b_.CreateFCmpOEQ(div, zero()), signed_zero, fl);
        return b_.CreateSelect(b_.CreateFCmpOEQ(c, zero()), q, res);  // x // 0.0 is x / 0.0
      }
      if (t == DType::Bool) return n.op == OpKind::FloorDiv ? a : zero();
      Value* is0 = b_.CreateICmpEQ(c, zero());
      auto* bad = llvm::BasicBlock::Create(k_.c, "divzero", fn_);
      auto* ok = llvm::BasicBlock::Create(k_.c, "divok", fn_);
      b_.CreateCondBr(is0, bad, ok, llvm::MDBuilder(k_.c).createBranchWeights(1, 1000));
      b_.SetInsertPoint(bad);
      RaiseAt("integer division by zero", n.loc);
      b_.CreateBr(ok);
      b_.SetInsertPoint(ok);
      // a // -1 is -a, wrapping (INT64_MIN // -1 would trap in sdiv)
      Value* is_m1 = b_.CreateICmpEQ(c, llvm::ConstantInt::get(ty, -1, true));
      Value* safe = b_.CreateSelect(b_.CreateOr(is0, is_m1), llvm::ConstantInt::get(ty, 1), c);
      Value* q = b_.CreateSDiv(a, safe);
      Value* r = b_.CreateSRem(a, safe);
      Value* adjust = b_.CreateAnd(b_.CreateICmpNE(r, zero()),
                                   b_.CreateXor(b_.CreateICmpSLT(r, zero()), b_.CreateICmpSLT(safe, zero())));
      if (n.op == OpKind::FloorDiv)
        return b_.CreateSelect(is_m1, b_.CreateNeg(a), b_.CreateSub(q, b_.CreateZExt(adjust, ty)));
      return b_.CreateSelect(adjust, b_.CreateAdd(r, safe), r);
    }
    case OpKind::Pow: {
      if (auto* cf = llvm::dyn_cast<llvm::ConstantFP>(c)) {  // a scalar exponent: sem::PowScalar
        double e = cf->getValueAPF().convertToDouble();
        auto one = [&] { return llvm::ConstantFP::get(ty, 1.0); };
        auto sqrt = [&] { return b_.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, a); };
        if (e == 0.5) return sqrt();
        if (e == 2.0) return b_.CreateFMul(a, a);
        if (e == 3.0) return b_.CreateFMul(b_.CreateFMul(a, a), a);
        if (e == -0.5) return b_.CreateFDiv(one(), sqrt());
        if (e == -1.0) return b_.CreateFDiv(one(), a);
        if (e == -2.0) return b_.CreateFDiv(one(), b_.CreateFMul(a, a));
      }
      if (f) return b_.CreateBinaryIntrinsic(llvm::Intrinsic::pow, a, c);
      if (t == DType::Bool) return b_.CreateOr(a, b_.CreateNot(c));
      return EmitIntPow(a, c, ty, n);
    }
    case OpKind::Maximum: return EmitMaxMin(a, c, t, true);
    case OpKind::Minimum: return EmitMaxMin(a, c, t, false);
    case OpKind::Eq: return f ? b_.CreateFCmpOEQ(a, c) : b_.CreateICmpEQ(a, c);
    case OpKind::Ne: return f ? b_.CreateFCmpUNE(a, c) : b_.CreateICmpNE(a, c);
    case OpKind::Lt: return f ? b_.CreateFCmpOLT(a, c) : (t == DType::Bool ? b_.CreateICmpULT(a, c) : b_.CreateICmpSLT(a, c));
    case OpKind::Le: return f ? b_.CreateFCmpOLE(a, c) : (t == DType::Bool ? b_.CreateICmpULE(a, c) : b_.CreateICmpSLE(a, c));
    case OpKind::Gt: return f ? b_.CreateFCmpOGT(a, c) : (t == DType::Bool ? b_.CreateICmpUGT(a, c) : b_.CreateICmpSGT(a, c));
    case OpKind::Ge: return f ? b_.CreateFCmpOGE(a, c) : (t == DType::Bool ? b_.CreateICmpUGE(a, c) : b_.CreateICmpSGE(a, c));
    case OpKind::And: return b_.CreateAnd(a, c);
    case OpKind::Or: return b_.CreateOr(a, c);
    case OpKind::Xor: return b_.CreateXor(a, c);
    case OpKind::Atan2: {  // no vector form: libm atan2 in double (float32 rounds once from it)
      llvm::Type* d = b_.getDoubleTy();
      auto fn = k_.m.getOrInsertFunction("atan2", llvm::FunctionType::get(d, {d, d}, false));
      Value* ad = t == DType::F64 ? a : b_.CreateFPExt(a, d);
      Value* cd = t == DType::F64 ? c : b_.CreateFPExt(c, d);
      Value* r = b_.CreateCall(fn, {ad, cd});
      return t == DType::F64 ? r : b_.CreateFPTrunc(r, ty);
    }
#define TCC_CASE_FLAGS 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#include "semantics/op_cases.inc"
      break;
  }
  k_.errors.push_back(std::string("cannot lower binary ") + graph::OpSpelling(n.op));
  return a;
}

// sem::Lerp: a + w (b - a) for |w| < 0.5, else b - (b - a) (1 - w).
Value* Emitter::EmitLerp(Value* a, Value* c, Value* w, DType t) {
  llvm::Type* ty = ElemType(k_.c, t);
  Value* d = b_.CreateFSub(c, a);
  Value* lo = b_.CreateFAdd(a, b_.CreateFMul(w, d));
  Value* hi = b_.CreateFSub(c, b_.CreateFMul(d, b_.CreateFSub(llvm::ConstantFP::get(ty, 1.0), w)));
  Value* small = b_.CreateFCmpOLT(b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, w), llvm::ConstantFP::get(ty, 0.5));
  return b_.CreateSelect(small, lo, hi);
}

// A double libm function of one argument for a float32 or float64 value.
Value* Emitter::EmitLibm1(const char* name, Value* x, DType t) {
  if (t == DType::F64) return b_.CreateCall(GetLibcFn(k_.m, name), {x});
  Value* r = b_.CreateCall(GetLibcFn(k_.m, name), {b_.CreateFPExt(x, b_.getDoubleTy())});
  return b_.CreateFPTrunc(r, ElemType(k_.c, t));
}

Value* Emitter::EmitMaxMin(Value* a, Value* c, DType t, bool is_max) {
  // sem::Maximum / sem::Minimum: nan wins, a tie gives the first operand
  Value* pick_c;
  if (graph::IsFloat(t)) pick_c = is_max ? b_.CreateFCmpOLT(a, c) : b_.CreateFCmpOLT(c, a);
  else if (t == DType::Bool) pick_c = is_max ? b_.CreateICmpULT(a, c) : b_.CreateICmpULT(c, a);
  else pick_c = is_max ? b_.CreateICmpSLT(a, c) : b_.CreateICmpSLT(c, a);
  // An ordered compare is false when a is nan, so the select already gives a
  // then; only a nan c needs its own select (none for relu's constant 0,
  // which leaves one vmaxps).
  Value* r = b_.CreateSelect(pick_c, c, a);
  if (!graph::IsFloat(t)) return r;
  return b_.CreateSelect(b_.CreateFCmpUNO(c, c), c, r);
}

Value* Emitter::EmitIntPow(Value* a, Value* e, llvm::Type* ty, const Node& /*n*/) {
  Value* zero = llvm::ConstantInt::get(ty, 0);
  Value* one = llvm::ConstantInt::get(ty, 1);
  Value* neg = b_.CreateICmpSLT(e, zero);
  Value* e0 = b_.CreateSelect(neg, zero, e);
  auto* pre = b_.GetInsertBlock();
  auto* loop = llvm::BasicBlock::Create(k_.c, "pow.loop", fn_);
  auto* body = llvm::BasicBlock::Create(k_.c, "pow.body", fn_);
  auto* done = llvm::BasicBlock::Create(k_.c, "pow.done", fn_);
  b_.CreateBr(loop);
  b_.SetInsertPoint(loop);
  llvm::PHINode* r = b_.CreatePHI(ty, 2);
  llvm::PHINode* base = b_.CreatePHI(ty, 2);
  llvm::PHINode* left = b_.CreatePHI(ty, 2);
  r->addIncoming(one, pre);
  base->addIncoming(a, pre);
  left->addIncoming(e0, pre);
  b_.CreateCondBr(b_.CreateICmpEQ(left, zero), done, body);
  b_.SetInsertPoint(body);
  Value* odd = b_.CreateICmpNE(b_.CreateAnd(left, one), zero);
  r->addIncoming(b_.CreateSelect(odd, b_.CreateMul(r, base), r), body);
  base->addIncoming(b_.CreateMul(base, base), body);
  left->addIncoming(b_.CreateLShr(left, one), body);
  b_.CreateBr(loop);
  b_.SetInsertPoint(done);
  // a negative exponent: torch's powi (1 for 1, +-1 for -1, else 0)
  Value* minus1 = llvm::ConstantInt::get(ty, -1, true);
  Value* odd_e = b_.CreateICmpNE(b_.CreateAnd(e, one), zero);
  Value* negpow = b_.CreateSelect(b_.CreateICmpEQ(a, one), one,
                                  b_.CreateSelect(b_.CreateICmpEQ(a, minus1), b_.CreateSelect(odd_e, minus1, one), zero));
  return b_.CreateSelect(neg, negpow, r);
}

Value* Emitter::EvalCreate(const Node& n, const Index& idx) {
  DType t = n.type.dtype;
  llvm::Type* d = b_.getDoubleTy();
  auto dc = [&](double v) { return llvm::ConstantFP::get(d, v); };
  switch (n.op) {
    case OpKind::Full: return Convert(dc(n.attrs.fvalue), DType::F64, t);
    case OpKind::Arange: {
      double start = n.attrs.fvalues.size() > 0 ? n.attrs.fvalues[0] : 0;
      double step = n.attrs.fvalues.size() > 1 ? n.attrs.fvalues[1] : 1;
      Value* v = b_.CreateFAdd(dc(start), b_.CreateFMul(b_.CreateSIToFP(idx[0], d), dc(step)));
      return Convert(v, DType::F64, t);
    }
    case OpKind::Linspace: return EvalLinspace(n, idx[0]);  // linspace.cpp
    case OpKind::Eye: return Convert(b_.CreateICmpEQ(idx[0], idx[1]), DType::Bool, t);
#define TCC_CASE_FLAGS 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1
#include "semantics/op_cases.inc"
      break;
  }
  return llvm::UndefValue::get(ElemType(k_.c, t));
}

Value* Emitter::LoadConstData(const Node& n, const Index& idx) {
  // A small literal tensor: a private global array, indexed row-major.
  DType t = n.type.dtype;
  llvm::Type* st = StoreType(k_.c, t);
  std::vector<llvm::Constant*> elems;
  for (double v : n.attrs.fvalues) {
    if (t == DType::F32) elems.push_back(llvm::ConstantFP::get(st, static_cast<float>(v)));
    else if (t == DType::F64) elems.push_back(llvm::ConstantFP::get(st, v));
    else elems.push_back(llvm::ConstantInt::get(st, static_cast<int64_t>(v), true));
  }
  auto* arr_t = llvm::ArrayType::get(st, elems.size());
  auto* gv = new llvm::GlobalVariable(k_.m, arr_t, true, llvm::GlobalValue::PrivateLinkage,
                                      llvm::ConstantArray::get(arr_t, elems), "tcc.const");
  Value* lin = I64(0);
  int64_t stride = 1;
  for (size_t d = idx.size(); d-- > 0;) {
    lin = b_.CreateAdd(lin, b_.CreateMul(idx[d], I64(stride)));
    stride *= n.type.shape[d].size;
  }
  Value* v = b_.CreateLoad(st, b_.CreateInBoundsGEP(st, gv, lin));
  return t == DType::Bool ? b_.CreateICmpNE(v, b_.getInt8(0)) : v;
}

}  // namespace tcc::lower
