// Implements the polynomial approximations of math_approx.h. Coefficients are
// those of the Cephes single-precision library (expf, logf, tanhf).
#include "lower/math_approx.h"

#include <cmath>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>

namespace tcc::lower {

namespace {

using llvm::Value;

struct FB {
  llvm::IRBuilder<>& b;
  llvm::Type* f;
  llvm::Type* i;
  bool fma;
  Value* C(double v) const { return llvm::ConstantFP::get(f, v); }
  Value* I(int64_t v) const { return llvm::ConstantInt::get(i, v); }
  // a * m + c: one fused multiply-add (one rounding) or a multiply and an add
  Value* MulAdd(Value* a, Value* m, Value* c) const {
    if (fma) return b.CreateIntrinsic(llvm::Intrinsic::fma, {f}, {a, m, c});
    return b.CreateFAdd(b.CreateFMul(a, m), c);
  }
  // Horner: ((c0 * x + c1) * x + c2) ...
  Value* Poly(Value* x, std::initializer_list<double> cs) const {
    auto it = cs.begin();
    Value* acc = C(*it++);
    for (; it != cs.end(); ++it) acc = MulAdd(acc, x, C(*it));
    return acc;
  }
};

Value* EmitExp(FB& fb, Value* x) {
  auto& b = fb.b;
  Value* xc = b.CreateMinNum(b.CreateMaxNum(x, fb.C(-104.0)), fb.C(88.75));
  Value* n = b.CreateUnaryIntrinsic(llvm::Intrinsic::rint, b.CreateFMul(xc, fb.C(1.44269504088896341)));
  Value* r = fb.MulAdd(n, fb.C(-0.693359375), xc);
  r = fb.MulAdd(n, fb.C(2.12194440e-4), r);
  Value* z = b.CreateFMul(r, r);
  Value* p = fb.Poly(r, {1.9875691500E-4, 1.3981999507E-3, 8.3334519073E-3, 4.1665795894E-2, 1.6666665459E-1,
                         5.0000001201E-1});
  p = b.CreateFAdd(fb.MulAdd(p, z, r), fb.C(1.0));
  // 2^n as two normal factors so that results down to the denormals are right.
  Value* ni = b.CreateFPToSI(n, fb.i);
  Value* n1 = b.CreateAShr(ni, fb.I(1));
  Value* n2 = b.CreateSub(ni, n1);
  auto pow2 = [&](Value* k) { return b.CreateBitCast(b.CreateShl(b.CreateAdd(k, fb.I(127)), fb.I(23)), fb.f); };
  Value* res = b.CreateFMul(b.CreateFMul(p, pow2(n1)), pow2(n2));
  res = b.CreateSelect(b.CreateFCmpOGT(x, fb.C(88.72283905206835)), fb.C(INFINITY), res);
  res = b.CreateSelect(b.CreateFCmpOLT(x, fb.C(-103.97208)), fb.C(0.0), res);
  return b.CreateSelect(b.CreateFCmpUNO(x, x), x, res);
}

Value* EmitLog(FB& fb, Value* x) {
  auto& b = fb.b;
  Value* tiny = b.CreateFCmpOLT(x, fb.C(1.17549435e-38));
  Value* xs = b.CreateSelect(tiny, b.CreateFMul(x, fb.C(8388608.0)), x);
  Value* bits = b.CreateBitCast(xs, fb.i);
  Value* e = b.CreateSub(b.CreateAnd(b.CreateLShr(bits, fb.I(23)), fb.I(0xff)), fb.I(126));
  e = b.CreateSub(e, b.CreateSelect(tiny, fb.I(23), fb.I(0)));
  Value* m = b.CreateBitCast(b.CreateOr(b.CreateAnd(bits, fb.I(0x807fffff)), fb.I(0x3f000000)), fb.f);
  Value* lo = b.CreateFCmpOLT(m, fb.C(0.707106781186547524));
  e = b.CreateSub(e, b.CreateZExt(lo, fb.i));
  Value* t = b.CreateSelect(lo, b.CreateFSub(b.CreateFAdd(m, m), fb.C(1.0)), b.CreateFSub(m, fb.C(1.0)));
  Value* z = b.CreateFMul(t, t);
  Value* y = fb.Poly(t, {7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1, 1.4249322787E-1,
                         -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1});
  y = b.CreateFMul(b.CreateFMul(y, t), z);
  Value* fe = b.CreateSIToFP(e, fb.f);
  y = b.CreateFAdd(y, b.CreateFMul(fe, fb.C(-2.12194440e-4)));
  y = b.CreateFSub(y, b.CreateFMul(z, fb.C(0.5)));
  Value* res = b.CreateFAdd(b.CreateFAdd(t, y), b.CreateFMul(fe, fb.C(0.693359375)));
  res = b.CreateSelect(b.CreateFCmpOEQ(x, fb.C(INFINITY)), x, res);
  res = b.CreateSelect(b.CreateFCmpOEQ(x, fb.C(0.0)), fb.C(-INFINITY), res);
  return b.CreateSelect(b.CreateFCmpULT(x, fb.C(0.0)), fb.C(NAN), res);  // x < 0 or nan
}

Value* EmitTanh(FB& fb, Value* x, llvm::Function* expf) {
  auto& b = fb.b;
  Value* a = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  Value* z = b.CreateFMul(x, x);
  Value* small = fb.Poly(z, {-5.70498872745E-3, 2.06390887954E-2, -5.37397155531E-2, 1.33314422036E-1,
                             -3.33332819422E-1});
  small = b.CreateFAdd(b.CreateFMul(b.CreateFMul(small, z), x), x);
  Value* e = b.CreateCall(expf, {b.CreateFMul(a, fb.C(2.0))});
  Value* large = b.CreateFSub(fb.C(1.0), b.CreateFDiv(fb.C(2.0), b.CreateFAdd(e, fb.C(1.0))));
  large = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, large, x);
  return b.CreateSelect(b.CreateFCmpOLT(a, fb.C(0.625)), small, large);
}

}  // namespace

llvm::Function* GetApproxFn(llvm::Module& m, ApproxFn which, bool fma) {
  const char* names[] = {"tcc.expf", "tcc.logf", "tcc.tanhf", "tcc.sigmoidf"};
  std::string name = std::string(names[static_cast<int>(which)]) + (fma ? ".fma" : "");
  if (llvm::Function* f = m.getFunction(name)) return f;
  auto& c = m.getContext();
  llvm::Type* f32 = llvm::Type::getFloatTy(c);
  llvm::Function* expf = which == ApproxFn::Exp ? nullptr : GetApproxFn(m, ApproxFn::Exp, fma);
  auto* fn = llvm::Function::Create(llvm::FunctionType::get(f32, {f32}, false), llvm::Function::InternalLinkage,
                                    name, m);
  fn->addFnAttr(llvm::Attribute::AlwaysInline);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  fn->setMemoryEffects(llvm::MemoryEffects::none());
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", fn));
  FB fb{b, f32, llvm::Type::getInt32Ty(c), fma};
  Value* x = fn->getArg(0);
  Value* r = nullptr;
  switch (which) {
    case ApproxFn::Exp: r = EmitExp(fb, x); break;
    case ApproxFn::Log: r = EmitLog(fb, x); break;
    case ApproxFn::Tanh: r = EmitTanh(fb, x, expf); break;
    case ApproxFn::Sigmoid: {
      Value* e = b.CreateCall(expf, {b.CreateFNeg(x)});
      r = b.CreateFDiv(fb.C(1.0), b.CreateFAdd(fb.C(1.0), e));
      break;
    }
  }
  b.CreateRet(r);
  return fn;
}

}  // namespace tcc::lower
