// Implements Emitter::EvalUnary: one element of a Unary op of ops.def. An op
// with an inline LLVM form (kInline: intrinsics, the vectorised float32
// approximations of math_approx.h, selects) is emitted in place; any other
// op calls the runtime's scalar meaning of it (ts_rt_unary_*, which
// instantiates lang/semantics/unary.h), so a new Unary row runs compiled
// with no edit here and gets an inline form only when it is worth one.
// tests/unit/backend/semantics_jit_test.cpp compares both with unary.h.
#include <cmath>

#include <llvm/IR/Intrinsics.h>

#include "graph/shape.h"

#include "lower/emitter.h"
#include "lower/math_approx.h"
#include "lower/runtime_decls.h"

namespace tcc::lower {

using graph::Node;
using graph::OpKind;
using llvm::Value;

// What an inline form sees: the operand x of dtype t (the dtype the op
// computes in) and the emitter's helpers.
struct UnaryLowering {
  Emitter& e;
  llvm::IRBuilder<>& b;
  KernelState& k;
  const Node& n;
  Value* x;
  DType t;
  llvm::Type* ty;
  bool f;  // t is a float dtype

  Value* fc(double v) const { return llvm::ConstantFP::get(ty, v); }
  Value* Intrinsic(llvm::Intrinsic::ID id) { return b.CreateUnaryIntrinsic(id, x); }
  // float32: the vectorised approximation; float64: the intrinsic, else libm
  Value* Approx(ApproxFn which, llvm::Intrinsic::ID f64, const char* libm) {
    if (t == DType::F32) return b.CreateCall(GetApproxFn(k.m, which, k.fma), {x});
    if (f64 != llvm::Intrinsic::not_intrinsic) return Intrinsic(f64);
    return b.CreateCall(GetLibcFn(k.m, libm), {x});
  }
  Value* MaxMin(Value* a, Value* c, bool is_max) { return e.EmitMaxMin(a, c, t, is_max); }
  Value* Libm1(const char* name) { return e.EmitLibm1(name, x, t); }
};

namespace {

using U = UnaryLowering;
using InlineFn = Value* (*)(U&);

Value* Gelu(U& u) {
  // 0.5 * x * (1 + erf(x / sqrt(2))); float32: the vectorised erf (math_approx.h,
  // torch's vectorised formula), float64: libm's erf
  auto& b = u.b;
  if (u.t == DType::F32) {
    Value* e = b.CreateCall(GetApproxFn(u.k.m, ApproxFn::Erf, u.k.fma), {b.CreateFMul(u.x, u.fc(M_SQRT1_2))});
    return b.CreateFMul(b.CreateFMul(u.fc(0.5), u.x), b.CreateFAdd(u.fc(1.0), e));
  }
  Value* xd = u.t == DType::F64 ? u.x : b.CreateFPExt(u.x, b.getDoubleTy());
  Value* e = b.CreateCall(GetLibcFn(u.k.m, "erf"), {b.CreateFMul(xd, llvm::ConstantFP::get(b.getDoubleTy(), M_SQRT1_2))});
  Value* r = b.CreateFMul(b.CreateFMul(llvm::ConstantFP::get(b.getDoubleTy(), 0.5), xd),
                          b.CreateFAdd(llvm::ConstantFP::get(b.getDoubleTy(), 1.0), e));
  return u.t == DType::F64 ? r : b.CreateFPTrunc(r, u.ty);
}

Value* SinhCosh(U& u) {
  auto& b = u.b;
  const bool cosh = u.n.op == OpKind::Cosh;
  if (u.t != DType::F32) return b.CreateCall(GetLibcFn(u.k.m, cosh ? "cosh" : "sinh"), {u.x});
  // float32 from the vectorised exp/expm1: cosh = (e + 1/e) / 2 with e = exp(|x|);
  // sinh = sign(x) (m + m / (m + 1)) / 2 with m = expm1(|x|) (accurate near 0)
  Value* a = u.Intrinsic(llvm::Intrinsic::fabs);
  if (cosh) {
    Value* e = b.CreateCall(GetApproxFn(u.k.m, ApproxFn::Exp, u.k.fma), {a});
    return b.CreateFMul(u.fc(0.5), b.CreateFAdd(e, b.CreateFDiv(u.fc(1.0), e)));
  }
  Value* m = b.CreateCall(GetApproxFn(u.k.m, ApproxFn::Expm1, u.k.fma), {a});
  Value* q = b.CreateFDiv(m, b.CreateFAdd(m, u.fc(1.0)));
  q = b.CreateSelect(b.CreateFCmpOEQ(m, u.fc(INFINITY)), u.fc(1.0), q);
  Value* r = b.CreateFMul(u.fc(0.5), b.CreateFAdd(m, q));
  r = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, r, u.x);
  return b.CreateSelect(b.CreateFCmpUNO(u.x, u.x), u.x, r);
}

Value* Round(U& u) {
  if (!u.f) return u.x;
  int64_t d = u.n.attrs.ints.empty() ? 0 : u.n.attrs.ints[0];
  auto even = [&](Value* v) { return u.b.CreateUnaryIntrinsic(llvm::Intrinsic::roundeven, v); };
  if (d == 0) return even(u.x);
  // sem::Round: the power of ten rounded to the dtype, as torch computes it in T
  double p = std::pow(10.0, static_cast<double>(d < 0 ? -d : d));
  Value* pc = u.t == DType::F32 ? llvm::ConstantFP::get(u.ty, static_cast<float>(p)) : u.fc(p);
  return d < 0 ? u.b.CreateFMul(even(u.b.CreateFDiv(u.x, pc)), pc) : u.b.CreateFDiv(even(u.b.CreateFMul(u.x, pc)), pc);
}

Value* Sign(U& u) {  // sem::Sign: (0 < x) - (x < 0)
  auto& b = u.b;
  if (u.t == DType::Bool) return u.x;
  Value* zero = llvm::Constant::getNullValue(u.ty);
  Value* pos = u.f ? b.CreateFCmpOGT(u.x, zero) : b.CreateICmpSGT(u.x, zero);
  Value* neg = u.f ? b.CreateFCmpOLT(u.x, zero) : b.CreateICmpSLT(u.x, zero);
  if (u.f) return b.CreateFSub(b.CreateUIToFP(pos, u.ty), b.CreateUIToFP(neg, u.ty));
  return b.CreateSub(b.CreateZExt(pos, u.ty), b.CreateZExt(neg, u.ty));
}

Value* NanToNum(U& u) {  // sem::NanToNum
  auto& b = u.b;
  if (!u.f) return u.x;
  auto val = [&](size_t i) -> Value* {
    double v = i < u.n.attrs.fvalues.size() ? u.n.attrs.fvalues[i] : 0.0;
    return u.t == DType::F32 ? llvm::ConstantFP::get(u.ty, static_cast<float>(v)) : u.fc(v);
  };
  Value* r = b.CreateSelect(b.CreateFCmpOEQ(u.x, u.fc(INFINITY)), val(1), u.x);
  r = b.CreateSelect(b.CreateFCmpOEQ(u.x, u.fc(-INFINITY)), val(2), r);
  return b.CreateSelect(b.CreateFCmpUNO(u.x, u.x), val(0), r);
}

// rounding: integers are unchanged (sem::Round); floats by the intrinsic
template <llvm::Intrinsic::ID id>
Value* Rounding(U& u) { return u.f ? u.Intrinsic(id) : u.x; }

struct InlineRow {
  OpKind op;
  InlineFn fn;
};

const InlineRow kInline[] = {
    {OpKind::Neg, [](U& u) { return u.f ? u.b.CreateFNeg(u.x) : u.b.CreateNeg(u.x); }},
    {OpKind::Abs,
     [](U& u) -> Value* {
       if (u.f) return u.Intrinsic(llvm::Intrinsic::fabs);
       if (u.t == DType::Bool) return u.x;
       return u.b.CreateSelect(u.b.CreateICmpSLT(u.x, llvm::ConstantInt::get(u.ty, 0)), u.b.CreateNeg(u.x), u.x);
     }},
    {OpKind::Exp, [](U& u) { return u.Approx(ApproxFn::Exp, llvm::Intrinsic::exp, nullptr); }},
    {OpKind::Log, [](U& u) { return u.Approx(ApproxFn::Log, llvm::Intrinsic::log, nullptr); }},
    {OpKind::Tanh,
     [](U& u) {
       Value* r = u.Approx(ApproxFn::Tanh, llvm::Intrinsic::not_intrinsic, "tanh");
       if (u.t != DType::F32) return r;
       return u.b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, r, u.x);  // tanh(-0.0) is -0.0, as the runtime
     }},
    {OpKind::Sigmoid,
     [](U& u) -> Value* {
       if (u.t == DType::F32) return u.b.CreateCall(GetApproxFn(u.k.m, ApproxFn::Sigmoid, u.k.fma), {u.x});
       return u.b.CreateFDiv(u.fc(1.0), u.b.CreateFAdd(u.fc(1.0), u.b.CreateUnaryIntrinsic(llvm::Intrinsic::exp,
                                                                                          u.b.CreateFNeg(u.x))));
     }},
    {OpKind::Sqrt, [](U& u) { return u.Intrinsic(llvm::Intrinsic::sqrt); }},
    {OpKind::Rsqrt, [](U& u) { return u.b.CreateFDiv(u.fc(1.0), u.Intrinsic(llvm::Intrinsic::sqrt)); }},
    {OpKind::Sin, [](U& u) { return u.Intrinsic(llvm::Intrinsic::sin); }},
    {OpKind::Cos, [](U& u) { return u.Intrinsic(llvm::Intrinsic::cos); }},
    {OpKind::Relu, [](U& u) { return u.MaxMin(u.x, llvm::Constant::getNullValue(u.ty), true); }},  // sem::Relu
    {OpKind::Gelu, Gelu},
    {OpKind::Not, [](U& u) { return u.b.CreateNot(u.x); }},
    {OpKind::BitNot, [](U& u) { return u.b.CreateNot(u.x); }},
    {OpKind::Erf, [](U& u) { return u.Approx(ApproxFn::Erf, llvm::Intrinsic::not_intrinsic, "erf"); }},
    {OpKind::Log1p, [](U& u) { return u.Approx(ApproxFn::Log1p, llvm::Intrinsic::not_intrinsic, "log1p"); }},
    {OpKind::Expm1, [](U& u) { return u.Approx(ApproxFn::Expm1, llvm::Intrinsic::not_intrinsic, "expm1"); }},
    {OpKind::Exp2, [](U& u) { return u.Approx(ApproxFn::Exp2, llvm::Intrinsic::exp2, nullptr); }},
    {OpKind::Log2,
     [](U& u) {  // log(x) / ln 2 (float32: relative error of log plus one rounding)
       if (u.t == DType::F32) return u.b.CreateFMul(u.Approx(ApproxFn::Log, llvm::Intrinsic::log, nullptr), u.fc(M_LOG2E));
       return u.Intrinsic(llvm::Intrinsic::log2);
     }},
    {OpKind::Atan, [](U& u) { return u.Approx(ApproxFn::Atan, llvm::Intrinsic::not_intrinsic, "atan"); }},
    {OpKind::Asin, [](U& u) { return u.Approx(ApproxFn::Asin, llvm::Intrinsic::not_intrinsic, "asin"); }},
    {OpKind::Acos, [](U& u) { return u.Approx(ApproxFn::Acos, llvm::Intrinsic::not_intrinsic, "acos"); }},
    {OpKind::Tan, [](U& u) { return u.Libm1("tan"); }},  // no vector form: libm, in double for float32
    {OpKind::Sinh, SinhCosh},
    {OpKind::Cosh, SinhCosh},
    {OpKind::Reciprocal, [](U& u) { return u.b.CreateFDiv(u.fc(1.0), u.x); }},
    {OpKind::Floor, Rounding<llvm::Intrinsic::floor>},
    {OpKind::Ceil, Rounding<llvm::Intrinsic::ceil>},
    {OpKind::Trunc, Rounding<llvm::Intrinsic::trunc>},
    {OpKind::Round, Round},
    {OpKind::Sign, Sign},
    {OpKind::NanToNum, NanToNum},
    {OpKind::IsNan, [](U& u) -> Value* { return u.f ? u.b.CreateFCmpUNO(u.x, u.x) : u.b.getFalse(); }},
    {OpKind::IsInf,
     [](U& u) -> Value* {
       if (!u.f) return u.b.getFalse();
       return u.b.CreateFCmpOEQ(u.Intrinsic(llvm::Intrinsic::fabs), u.fc(INFINITY));
     }},
};

InlineFn FindInline(OpKind op) {
  for (const InlineRow& r : kInline)
    if (r.op == op) return r.fn;
  return nullptr;
}

}  // namespace

bool HasInlineUnary(OpKind op) { return FindInline(op) != nullptr; }

Value* Emitter::EvalUnary(const Node& n, Value* x, DType t) {
  UnaryLowering u{*this, b_, k_, n, x, t, ElemType(k_.c, t), graph::IsFloat(t)};
  if (InlineFn fn = FindInline(n.op)) return fn(u);
  // the scalar meaning (lang/semantics/unary.h) in the runtime: float32,
  // float64, or int64 for integers and bool; a bool result (a Compare op) is
  // the returned value != 0
  llvm::Value* op = b_.getInt32(static_cast<int32_t>(n.op));
  Value* r;
  if (t == DType::F32 || t == DType::F64) {
    r = b_.CreateCall(GetRuntimeFn(k_.m, t == DType::F32 ? RtFn::ts_rt_unary_f32 : RtFn::ts_rt_unary_f64), {op, x});
  } else {
    Value* wide = t == DType::Bool ? b_.CreateZExt(x, b_.getInt64Ty()) : b_.CreateSExtOrTrunc(x, b_.getInt64Ty());
    r = b_.CreateCall(GetRuntimeFn(k_.m, RtFn::ts_rt_unary_i64), {op, wide});
  }
  if (n.type.dtype == DType::Bool)
    return u.f ? b_.CreateFCmpUNE(r, llvm::ConstantFP::get(r->getType(), 0.0)) : b_.CreateICmpNE(r, b_.getInt64(0));
  return u.f ? r : b_.CreateTrunc(r, u.ty);
}

}  // namespace tcc::lower
