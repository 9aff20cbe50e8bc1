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

// x clamped to [lo, hi] with NaN kept: each bound one compare-and-select,
// written so that x86 emits a bare vmaxps / vminps (x's NaN fails both
// compares and passes through), where minnum/maxnum need a NaN fix-up each.
Value* ClampKeepNaN(FB& fb, Value* x, double lo, double hi) {
  auto& b = fb.b;
  Value* l = fb.C(lo);
  Value* h = fb.C(hi);
  x = b.CreateSelect(b.CreateFCmpOLT(x, l), l, x);
  return b.CreateSelect(b.CreateFCmpOGT(x, h), h, x);
}

// rint(v) as a float n and as an integer, for |v| < 2^22, without a
// rounding instruction or a float-to-int conversion: v + 1.5 * 2^23 rounds
// to an integer in the low mantissa bits. A NaN v gives a NaN n and some
// integer (never poison, unlike fptosi of NaN), which the NaN in the
// polynomial then overrides.
constexpr double kMagic = 12582912.0;  // 1.5 * 2^23
struct Rounded {
  Value* n;
  Value* ni;
};
Rounded RoundMagic(FB& fb, Value* t) {  // t = v + kMagic, already added (in an FMA where possible)
  auto& b = fb.b;
  Value* n = b.CreateFSub(t, fb.C(kMagic));
  Value* ni = b.CreateSub(b.CreateBitCast(t, fb.i), fb.I(0x4B400000));  // the bits of kMagic
  return {n, ni};
}

// e^r - 1 for |r| <= ln2 / 2: the Cephes expf polynomial without its
// leading 1, so that it keeps full relative accuracy as r -> 0. Estrin's
// scheme (three independent pairs, then two steps in r^2): 3 dependent
// multiply-adds instead of Horner's 5, which shortens the chain each element
// waits on in a long fused nest.
Value* ExpM1Poly(FB& fb, Value* r) {
  auto& b = fb.b;
  Value* z = b.CreateFMul(r, r);
  Value* hi = fb.MulAdd(fb.C(1.9875691500E-4), r, fb.C(1.3981999507E-3));
  Value* mid = fb.MulAdd(fb.C(8.3334519073E-3), r, fb.C(4.1665795894E-2));
  Value* lo = fb.MulAdd(fb.C(1.6666665459E-1), r, fb.C(5.0000001201E-1));
  Value* p = fb.MulAdd(fb.MulAdd(hi, z, mid), z, lo);
  return fb.MulAdd(p, z, r);
}

// 2^k as a float, for k in [-126, 127] (a normal number).
Value* Pow2(FB& fb, Value* k) {
  auto& b = fb.b;
  return b.CreateBitCast(b.CreateShl(b.CreateAdd(k, fb.I(127)), fb.I(23)), fb.f);
}

// (q + 1) * 2^n = e^r * 2^n with q = ExpM1Poly(r), 2^n as two normal factors
// so that results down to the denormals are right. Overflow to inf and
// underflow to 0 fall out of the two multiplies (n in [-151, 129]).
Value* ExpTail(FB& fb, Value* ni, Value* q) {
  auto& b = fb.b;
  Value* p = b.CreateFAdd(q, fb.C(1.0));
  Value* n1 = b.CreateAShr(ni, fb.I(1));
  Value* n2 = b.CreateSub(ni, n1);
  return b.CreateFMul(b.CreateFMul(p, Pow2(fb, n1)), Pow2(fb, n2));
}

// The reduction of exp(x): x clamped to [-104, 88.75] (beyond, the result is
// 0 or inf anyway: n = -150 leaves 0.49 of the smallest denormal, n = 128
// gives e^r * 2^128 > FLT_MAX exactly when x > ln(FLT_MAX)); n = rint(x / ln2),
// r = x - n ln2 in two parts (Cody-Waite), and q = e^r - 1.
struct ExpParts {
  Value* ni;
  Value* q;
};
ExpParts ExpReduce(FB& fb, Value* x) {
  Value* xc = ClampKeepNaN(fb, x, -104.0, 88.75);
  Rounded n = RoundMagic(fb, fb.MulAdd(xc, fb.C(1.44269504088896341), fb.C(kMagic)));
  Value* r = fb.MulAdd(n.n, fb.C(-0.693359375), xc);
  r = fb.MulAdd(n.n, fb.C(2.12194440e-4), r);
  return {n.ni, ExpM1Poly(fb, r)};
}

Value* EmitExp(FB& fb, Value* x) {
  ExpParts e = ExpReduce(fb, x);
  return ExpTail(fb, e.ni, e.q);
}

// 2^x: x clamped to [-151, 129] (2^-150 rounds to 0, 2^128 overflows),
// n = rint(x), r = (x - n) ln2 (x - n is exact).
Value* EmitExp2(FB& fb, Value* x) {
  auto& b = fb.b;
  Value* xc = ClampKeepNaN(fb, x, -151.0, 129.0);
  Rounded n = RoundMagic(fb, b.CreateFAdd(xc, fb.C(kMagic)));
  Value* r = b.CreateFMul(b.CreateFSub(xc, n.n), fb.C(0.693147180559945309));
  return ExpTail(fb, n.ni, ExpM1Poly(fb, r));
}

// log(1 + t) for t in [sqrt(1/2) - 1, sqrt(2) - 1] (the Cephes logf polynomial).
Value* LogSmall(FB& fb, Value* t) {
  auto& b = fb.b;
  Value* z = b.CreateFMul(t, t);
  Value* y = fb.Poly(t, {7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1, 1.4249322787E-1,
                         -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1});
  y = b.CreateFMul(b.CreateFMul(y, t), z);
  y = b.CreateFSub(y, b.CreateFMul(z, fb.C(0.5)));
  return b.CreateFAdd(t, y);
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

// log1p: the polynomial on x itself where 1 + x is in [sqrt(1/2), sqrt(2)]
// (no rounding of 1 + x), log(1 + x) elsewhere.
Value* EmitLog1p(FB& fb, Value* x, llvm::Function* logf) {
  auto& b = fb.b;
  Value* near = b.CreateAnd(b.CreateFCmpOGE(x, fb.C(-0.29289321881)), b.CreateFCmpOLE(x, fb.C(0.41421356237)));
  Value* small = LogSmall(fb, x);
  small = b.CreateSelect(b.CreateFCmpOEQ(x, fb.C(0.0)), x, small);  // log1p(-0.0) is -0.0
  Value* big = b.CreateCall(logf, {b.CreateFAdd(x, fb.C(1.0))});
  return b.CreateSelect(near, small, big);
}

// expm1: Taylor to x^8 for |x| < 0.5, exp(x) - 1 elsewhere (|result| >= 0.39).
Value* EmitExpm1(FB& fb, Value* x, llvm::Function* expf) {
  auto& b = fb.b;
  Value* p = fb.Poly(x, {1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5});
  Value* small = fb.MulAdd(b.CreateFMul(x, x), p, x);
  small = b.CreateSelect(b.CreateFCmpOEQ(x, fb.C(0.0)), x, small);  // expm1(-0.0) is -0.0
  Value* big = b.CreateFSub(b.CreateCall(expf, {x}), fb.C(1.0));
  Value* a = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  return b.CreateSelect(b.CreateFCmpOLT(a, fb.C(0.5)), small, big);
}

// erf: its Taylor series to x^13 for |x| < 0.5; Abramowitz-Stegun 7.1.26
// (the formula of torch's vectorised erf, absolute error 1.5e-7) elsewhere.
Value* EmitErf(FB& fb, Value* x, llvm::Function* expf) {
  auto& b = fb.b;
  Value* a = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  Value* z = b.CreateFMul(x, x);
  const double k = 1.1283791670955126;  // 2 / sqrt(pi)
  Value* small = fb.Poly(z, {k / 9360, -k / 1320, k / 216, -k / 42, k / 10, -k / 3, k});
  small = b.CreateFMul(small, x);
  Value* t = b.CreateFDiv(fb.C(1.0), fb.MulAdd(a, fb.C(0.3275911), fb.C(1.0)));
  Value* r = fb.Poly(t, {1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592});
  Value* e = b.CreateCall(expf, {b.CreateFNeg(z)});
  Value* big = b.CreateFSub(fb.C(1.0), b.CreateFMul(b.CreateFMul(r, t), e));
  big = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, big, x);
  return b.CreateSelect(b.CreateFCmpOLT(a, fb.C(0.5)), small, big);
}

// atan (Cephes atanf): reduced to |x| <= tan(pi/8), a degree-9 odd polynomial.
Value* EmitAtan(FB& fb, Value* x) {
  auto& b = fb.b;
  Value* a = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  Value* hi = b.CreateFCmpOGT(a, fb.C(2.414213562373095));
  Value* mid = b.CreateFCmpOGT(a, fb.C(0.4142135623730950));
  Value* xr = b.CreateSelect(hi, b.CreateFDiv(fb.C(-1.0), a),
                             b.CreateSelect(mid, b.CreateFDiv(b.CreateFSub(a, fb.C(1.0)), b.CreateFAdd(a, fb.C(1.0))), a));
  Value* y0 = b.CreateSelect(hi, fb.C(M_PI_2), b.CreateSelect(mid, fb.C(M_PI_4), fb.C(0.0)));
  Value* z = b.CreateFMul(xr, xr);
  Value* p = fb.Poly(z, {8.05374449538e-2, -1.38776856032E-1, 1.99777106478E-1, -3.33329491539E-1});
  Value* y = fb.MulAdd(b.CreateFMul(p, z), xr, xr);
  y = b.CreateFAdd(y, y0);
  return b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, y, x);
}

// asin (Cephes asinf): |x| > 0.5 through asin(sqrt((1 - |x|) / 2)).
// acos: pi/2 - asin(x) for |x| <= 0.5, else 2 asin(sqrt((1 -+ x) / 2)).
Value* AsinCore(FB& fb, Value* xr, Value* z) {  // xr >= 0, z = xr * xr
  Value* p = fb.Poly(z, {4.2163199048E-2, 2.4181311049E-2, 4.5470025998E-2, 7.4953002686E-2, 1.6666752422E-1});
  return fb.MulAdd(fb.b.CreateFMul(p, z), xr, xr);
}
Value* EmitAsin(FB& fb, Value* x, bool acos) {
  auto& b = fb.b;
  Value* a = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  Value* big = b.CreateFCmpOGT(a, fb.C(0.5));
  Value* zb = b.CreateFMul(fb.C(0.5), b.CreateFSub(fb.C(1.0), a));
  Value* xb = b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, zb);  // nan for |x| > 1
  Value* xr = b.CreateSelect(big, xb, a);
  Value* z = b.CreateSelect(big, zb, b.CreateFMul(a, a));
  Value* y = AsinCore(fb, xr, z);
  if (!acos) {
    Value* r = b.CreateSelect(big, b.CreateFSub(fb.C(M_PI_2), b.CreateFAdd(y, y)), y);
    r = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, r, x);
    return b.CreateSelect(b.CreateFCmpUNO(x, x), x, r);
  }
  // acos: x > 0.5: 2 asin(sqrt((1-x)/2)); x < -0.5: pi - 2 asin(sqrt((1+x)/2)); else pi/2 - asin(x)
  Value* two_y = b.CreateFAdd(y, y);
  Value* mid = b.CreateFSub(fb.C(M_PI_2), b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, y, x));
  Value* neg = b.CreateFCmpOLT(x, fb.C(0.0));
  Value* r = b.CreateSelect(big, b.CreateSelect(neg, b.CreateFSub(fb.C(M_PI), two_y), two_y), mid);
  return b.CreateSelect(b.CreateFCmpUNO(x, x), x, r);
}

// exp(-|x|), in (0, 1]: the one exponential that tanh(x), sigmoid(x) and so
// silu(x) are computed from. Emitted the same way by each, so that where a
// kernel needs several of them of the same x, LLVM's CSE keeps one (the
// benchmark's chain `relu(x*a+b)*sigmoid(x) - tanh(x)/2`: one exp, not two).
Value* ExpNegAbs(FB& fb, Value* x, llvm::Function* expf) {
  auto& b = fb.b;
  return b.CreateCall(expf, {b.CreateFNeg(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x))});
}

// tanh(|x|) = (1 - e^2) / (1 + e^2) with e = exp(-|x|), written without
// cancellation: 1 - e^2 = -m (2 + m) with m = e - 1 = 2^n (q + 1) - 1 =
// fma(2^n, q, 2^n - 1), exact in its scaling and accurate as x -> 0 (n = 0:
// m = q). Then x's sign. n, q are exp(-|x|)'s own (ExpReduce, the same
// instructions as the exponential of sigmoid(x), which LLVM's CSE then shares:
// one exponential for both in the benchmark's chain); 2^n for n < -126 is
// taken as 2^-126 (m = -1 either way). No polynomial for small |x| and no
// select: 30 vector instructions per element where the two branches took 39.
Value* EmitTanh(FB& fb, Value* x) {
  auto& b = fb.b;
  Value* a = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  ExpParts ep = ExpReduce(fb, b.CreateFNeg(a));
  Value* p2 = Pow2(fb, b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, ep.ni, fb.I(-126)));
  Value* m = fb.MulAdd(p2, ep.q, b.CreateFSub(p2, fb.C(1.0)));
  Value* e = b.CreateFAdd(m, fb.C(1.0));
  Value* num = b.CreateFMul(b.CreateFNeg(m), b.CreateFAdd(m, fb.C(2.0)));
  Value* t = b.CreateFDiv(num, fb.MulAdd(e, e, fb.C(1.0)));
  return b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, t, x);
}

// sigmoid: 1 / (1 + e) for x >= 0, e / (1 + e) below, with e = exp(-|x|)
// (never overflows; NaN stays NaN).
Value* EmitSigmoid(FB& fb, Value* x, llvm::Function* expf) {
  auto& b = fb.b;
  Value* e = ExpNegAbs(fb, x, expf);
  Value* q = b.CreateFDiv(fb.C(1.0), b.CreateFAdd(fb.C(1.0), e));
  return b.CreateSelect(b.CreateFCmpOGE(x, fb.C(0.0)), q, b.CreateFMul(e, q));
}

}  // namespace

bool IsApproxFn(const llvm::Function* f) { return f && f->getName().starts_with("tcc."); }

llvm::Function* GetApproxFn(llvm::Module& m, ApproxFn which, bool fma) {
  const char* names[] = {"tcc.expf", "tcc.logf", "tcc.tanhf", "tcc.sigmoidf", "tcc.exp2f", "tcc.log1pf",
                         "tcc.expm1f", "tcc.erff", "tcc.atanf", "tcc.asinf", "tcc.acosf"};
  std::string name = std::string(names[static_cast<int>(which)]) + (fma ? ".fma" : "");
  if (llvm::Function* f = m.getFunction(name)) return f;
  auto& c = m.getContext();
  llvm::Type* f32 = llvm::Type::getFloatTy(c);
  bool needs_exp = which == ApproxFn::Sigmoid || which == ApproxFn::Expm1 ||
                   which == ApproxFn::Erf;
  llvm::Function* expf = needs_exp ? GetApproxFn(m, ApproxFn::Exp, fma) : nullptr;
  llvm::Function* logf = which == ApproxFn::Log1p ? GetApproxFn(m, ApproxFn::Log, fma) : nullptr;
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
    case ApproxFn::Tanh: r = EmitTanh(fb, x); break;
    case ApproxFn::Sigmoid: r = EmitSigmoid(fb, x, expf); break;
    case ApproxFn::Exp2: r = EmitExp2(fb, x); break;
    case ApproxFn::Log1p: r = EmitLog1p(fb, x, logf); break;
    case ApproxFn::Expm1: r = EmitExpm1(fb, x, expf); break;
    case ApproxFn::Erf: r = EmitErf(fb, x, expf); break;
    case ApproxFn::Atan: r = EmitAtan(fb, x); break;
    case ApproxFn::Asin: r = EmitAsin(fb, x, false); break;
    case ApproxFn::Acos: r = EmitAsin(fb, x, true); break;
  }
  b.CreateRet(r);
  return fn;
}

}  // namespace tcc::lower
