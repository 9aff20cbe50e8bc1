# RUN: tcc explain %s
# Issue 11's elementwise ops fuse with each other and with the old ones into
# one loop nest; var and logsumexp are their compositions of reductions (one
# definition, lang/semantics/composite.h); cumsum is a scan nest that computes its
# operand inline; an in-place method on an argument is a writeback.

def activations(x, y):
    a = erf(x) + log1p(abs(x)) + expm1(x) + exp2(x) + log2(abs(x) + 1.0) + atan(x) + sinh(x) + cosh(x)
    b = floor(x) + ceil(x) + trunc(x) + x.round(decimals=2) + sign(x) + square(x) + reciprocal(x + 3.0)
    c = nan_to_num(log(x), nan=0.0) + lerp(x, y, 0.5) + atan2(x, y) + where(isnan(x) | isinf(y), 0.0, 1.0)
    return a * b + c

def stats(x):
    return var(x, 1, keepdim=True) + logsumexp(x, 1, keepdim=True)

def scan(x):
    return cumsum(exp(x) * 2.0, 1)

def sgd(w, g):
    w.sub_(g, alpha=0.1)

activations(randn(64), randn(64))
stats(randn(8, 16))
scan(randn(8, 16))
sgd(randn(4), randn(4))

# CHECK-STDOUT: tcc explain explain_issue11_fusion.ts
# CHECK-STDOUT:
# CHECK-STDOUT: activations(x: float32[64], y: float32[64])   entered at explain_issue11_fusion.ts:22:1
# CHECK-STDOUT:   graph 1  45 ops  erf, abs, log1p, add, expm1, add, exp2, add, abs, add, log2, add, atan, add, sinh, add, cosh, add, floor, ceil, add, trunc, add, round, ... (21 more)  (lines 8, 9, 10, 11)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] erf, abs, log1p, add, expm1, add, exp2, add, add, log2, add, atan, add, sinh, add, cosh, add, floor, ceil, add, trunc, add, round, add, sign, add, pow, add, add, reciprocal, add, log, nan_to_num, lerp, add, atan2, add, isnan, isinf, bitwise_or, where, add, mul, add
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: stats(x: float32[8, 16])   entered at explain_issue11_fusion.ts:23:1
# CHECK-STDOUT:   graph 1  14 ops  mean, sub, mul, sum, div, max, isinf, where, sub, exp, sum, log, add x2  (lines 14)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mean, sub, mul, sum, div, max, isinf, where, sub, exp, sum, log, add, add (per row: mean, sum, max, sum)
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: scan(x: float32[8, 16])   entered at explain_issue11_fusion.ts:24:1
# CHECK-STDOUT:   graph 1  3 ops  exp, mul, cumsum  (lines 17)
# CHECK-STDOUT:            fused into 1 loop nest: [scan] exp, mul, cumsum
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: sgd(w: float32[4], g: float32[4])   entered at explain_issue11_fusion.ts:25:1
# CHECK-STDOUT:   graph 1  2 ops  mul, sub  (lines 20)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul, sub
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: total: 4 graphs, 0 graph breaks at 0 sites, 0 errors
