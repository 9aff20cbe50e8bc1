# The PyTorch program behind tests/e2e/cases/ops_issue11.ts (its output is ops_issue11.torch.txt).
import torch
from torch import erf, log1p, expm1, atan, sinh, cosh, tan, log2, exp2, asin, acos, reciprocal, floor, ceil
from torch import trunc, sign, square, where, isnan, isinf, nan_to_num, lerp, atan2, var, std, logsumexp, amax, amin
from torch import cumsum, cumprod, log, exp
torch.set_printoptions(precision=4)


def math(x):
    a = erf(x) + log1p(abs(x)) + expm1(x * 0.25) + atan(x) + sinh(x * 0.5) + cosh(x * 0.25) + tan(x * 0.1)
    b = log2(abs(x) + 1.0) + exp2(x * 0.5) + asin(x / 20.0) + acos(x / 20.0) + reciprocal(x + 30.0)
    c = floor(x) + ceil(x) + trunc(x) + x.round() + (x * 10.0).round(decimals=-1) + sign(x) + square(x)
    d = where(isnan(log(x)) | isinf(exp(x * 30.0)), 0.0, x) + nan_to_num(log(x), nan=0.5) + lerp(x, x * 2.0, 0.3) + atan2(x, x + 0.5)
    return a + b + c + d


def stats(x):
    v = x.reshape(10, 100)
    return var(v, 1) + std(v, 1, unbiased=False) + logsumexp(v, 1) + v.norm(dim=1) + amax(v, 1) - amin(v, 1)


def scan(x):
    return cumsum(x * 0.01, 0) + cumprod(1.0 + x * 0.0001, 0)


torch.manual_seed(0)
x = torch.randn(1000) * 4
y = math(x)
print(y[:6])
print(sum(y))
print(y[:16].tolist())
s = stats(x)
print(s)
c = scan(x)
print(c[:4], c[-4:])
