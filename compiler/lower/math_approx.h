// Defines float32 exp, log, tanh, sigmoid, exp2, log1p, expm1, erf, atan,
// asin and acos as LLVM IR (Cephes-style
// polynomials with exact range reduction), emitted as small internal
// always-inline functions so that the loop vectoriser can widen loops that
// call them (a libm call would keep the loop scalar).
//
// On targets with FMA (LowerOptions::fma) the polynomials use explicit
// llvm.fma: the same results at every -O level, one rounding per step
// instead of two, and results that may differ from the non-FMA form (and the
// eager runtime) in the last bit.
//
// Accuracy (tests/unit/backend/math_approx_test.cpp measures it against libm
// in double): max relative error below 2e-7 for exp on [-87, 88] and log on
// (0, 3e38] away from 1 (absolute error < 1.2e-7 near 1), below 3e-7 for
// tanh on [-10, 10] and sigmoid on [-80, 30]. Measured (AVX2 + FMA and
// generic x86-64): exp 8.0e-8, log 7.9e-8, tanh 2.1e-7 (2.53e-7 over every
// float of [1e-30, 12], an exhaustive float32 emulation), sigmoid 1.8e-7.
// exp is branch- and select-free: a NaN-keeping clamp to [-104, 88.75],
// rounding by adding 1.5 * 2^23 (no rounding instruction, no float-to-int
// conversion), Estrin's scheme for the polynomial, and 2^n as two factors
// whose products overflow to inf and underflow to 0 where exp does.
// tanh and sigmoid are both computed from e = exp(-|x|) (issue 14: shared
// transcendentals; tanh from its reduction n, e^r - 1, as -m (2 + m) / (1 + e^2)
// with m = e - 1 computed without cancellation, so no small-|x| polynomial
// and no select), emitted identically, so a kernel that needs both of the
// same x (or silu, x * sigmoid(x), next to tanh) evaluates one exponential:
// LLVM's CSE merges the two after the helpers are inlined. Special
// values follow C99: exp(-inf) = 0, exp(inf) = inf, log(0) = -inf,
// log(x < 0) = nan, nan in -> nan out.
//
// Issue 11's functions (same test; bounds asserted there, measured values
// in the test's comments): exp2 (Cephes polynomial on (x - rint(x)) ln2),
// log1p (the log polynomial on x itself near 0, so small x keep full
// relative accuracy), expm1 (Taylor for |x| < 0.5), erf (Taylor for
// |x| < 0.5, Abramowitz-Stegun 7.1.26 beyond: absolute error 1.5e-7, as
// torch's own vectorised erf), atan, asin, acos (Cephes). Relative error
// below 5e-7 for exp2 on [-126, 127], log1p on (-1, 1e30], expm1 on
// [-80, 80], atan everywhere, asin on [-1, 1], acos on [-1, 0.99]; erf
// absolute error below 4e-7 (relative below 5e-7 for |x| < 0.5). Measured
// (AVX2+FMA / generic): exp2 8.2e-8, log1p 1.9e-7, expm1 1.2e-7, atan
// 2.0e-7, asin 2.7e-7, acos 1.4e-7, sinh 1.8e-7, cosh 1.2e-7, erf absolute
// 2.9e-7 / 3.2e-7. -0.0 gives -0.0 where the function is odd.
#pragma once

#include <llvm/IR/Module.h>

namespace tcc::lower {

enum class ApproxFn { Exp, Log, Tanh, Sigmoid, Exp2, Log1p, Expm1, Erf, Atan, Asin, Acos };

// Returns the function `float tcc.<name>f(float)` in m (`tcc.<name>f.fma`
// with fused multiply-adds), defining it once.
llvm::Function* GetApproxFn(llvm::Module& m, ApproxFn fn, bool fma);
// Whether f is one of GetApproxFn's functions (a transcendental: dozens of
// dependent vector instructions an element, Emitter::Loop interleaves loops
// that call one).
bool IsApproxFn(const llvm::Function* f);

}  // namespace tcc::lower
