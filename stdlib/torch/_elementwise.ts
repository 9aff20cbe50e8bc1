# torch's elementwise and special functions written in TensorScript from
# the tensor builtins (as stdlib/torch/_composite.ts's: both modes run the
# same expression; an elementwise one fuses into one loop). stdlib/torch.ts
# exports each as torch.NAME and, where torch has it, as the method x.NAME.
# The differential op test (tests/e2e/ops_structured.py) checks each
# against PyTorch.
import math


def _float(input):
    return input if input.is_floating_point() else input.to(float32)


# log(exp(input) + exp(other)), computed as max + log1p(exp(-|input - other|)).
def logaddexp(input, other):
    m = maximum(input, other)
    return where(isinf(m) & (input == other), m, m + log1p(exp(-abs(input - other))))

# log2(2^input + 2^other).
def logaddexp2(input, other):
    m = maximum(input, other)
    return where(isinf(m) & (input == other), m, m + log1p(exp2(-abs(input - other))) * 1.4426950408889634)

# log(p / (1 - p)), p clamped to [eps, 1 - eps] when eps is given.
def logit(input, eps=None):
    p = _float(input)
    if eps is not None:
        p = clamp(p, eps, 1.0 - eps)
    return log(p / (1.0 - p))

# sigmoid(input) (torch.special.expit).
def expit(input):
    return sigmoid(input)

# 1 - erf(input).
def erfc(input):
    return 1.0 - erf(_float(input))

# The magnitude of input with the sign of other (-0.0 counts as negative).
def copysign(input, other):
    a = abs(_float(input))
    o = other if isinstance(other, Tensor) else full_like(a, other)
    return where((o < 0) | ((o == 0) & (1.0 / o < 0)), -a, a)

# 0 where input < 0, values where input == 0, 1 where input > 0.
def heaviside(input, values):
    return where(input == 0, values.to(input.dtype) + input * 0, (input > 0).to(input.dtype))

# Degrees to radians and back.
def deg2rad(input):
    return _float(input) * 0.017453292519943295

def rad2deg(input):
    return _float(input) * 57.29577951308232

# input ** exponent in float64.
def float_power(input, exponent):
    e = exponent.to(float64) if isinstance(exponent, Tensor) else exponent
    return input.to(float64) ** e

# Rounds towards zero (trunc).
def fix(input):
    return trunc(input)

# +input.
def positive(input):
    return input

# The inverse hyperbolic functions.
# (log1p forms, accurate near 0 and 1)
def asinh(input):
    x = _float(input)
    a = abs(x)
    return where(x < 0, -1.0, 1.0) * log1p(a + a * a / (1.0 + sqrt(a * a + 1.0)))

def acosh(input):
    t = _float(input) - 1.0
    return log1p(t + sqrt(2.0 * t + t * t))

def atanh(input):
    x = _float(input)
    return 0.5 * log1p(2.0 * x / (1.0 - x))

# The sign bit (True for -0.0 and negative numbers).
def signbit(input):
    if not input.is_floating_point():
        return input < 0
    return (input < 0) | ((input == 0) & (1.0 / input < 0))

def isposinf(input):
    return isinf(input) & (input > 0)

def isneginf(input):
    return isinf(input) & (input < 0)

# True everywhere (TensorScript tensors are real).
def isreal(input):
    return ones_like(input, dtype=bool)

# log|Gamma(x)| in float64: Lanczos (g = 7, 9 terms) for x >= 0.5, the
# reflection formula below; +inf at the poles (0, -1, -2, ...), as torch.
def lgamma(input):
    x = input.to(float64)
    neg = x < 0.5
    z = where(neg, 1.0 - x, x) - 1.0
    s = z * 0.0 + 0.99999999999980993
    coef = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61503916999185, 12.507343278686905,
            -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7]
    for i in range(8):
        s = s + coef[i] / (z + (i + 1.0))
    t = z + 7.5
    lg = 0.9189385332046727 + (z + 0.5) * log(t) - t + log(s)
    sin_pix = abs(sin(math.pi * (x - floor(x))))
    r = where(neg, 1.1447298858494002 - log(sin_pix) - lg, lg)
    r = where((x <= 0) & (x == floor(x)), math.inf, r)
    return r.to(input.dtype if input.is_floating_point() else float32)

# d/dx log Gamma(x) in float64: the recurrence up to x >= 6, then the
# asymptotic series; the reflection formula for x < 0.5. As torch:
# digamma(0) is -inf, a negative integer gives nan.
def digamma(input):
    x = input.to(float64)
    neg = x < 0.5
    y = where(neg, 1.0 - x, x)
    acc = y * 0.0
    for i in range(6):
        small = y < 6.0
        acc = where(small, acc - 1.0 / y, acc)
        y = where(small, y + 1.0, y)
    inv = 1.0 / y
    inv2 = inv * inv
    series = log(y) - 0.5 * inv - inv2 * (1.0 / 12 - inv2 * (1.0 / 120 - inv2 * (1.0 / 252 - inv2 * (1.0 / 240 - inv2 / 132))))
    r = acc + series
    r = where(neg, r - math.pi / tan(math.pi * x), r)
    r = where(x == 0, -math.inf, where((x < 0) & (x == floor(x)), math.nan, r))
    return r.to(input.dtype if input.is_floating_point() else float32)

# The modified Bessel function of the first kind, order 0: Abramowitz and
# Stegun 9.8.1 (|x| <= 3.75) and 9.8.2 (beyond), in float64; relative error
# below 5e-7.
def i0(input):
    x = abs(input.to(float64))
    t = x * (1.0 / 3.75)
    t2 = t * t
    small = 1.0 + t2 * (3.5156229 + t2 * (3.0899424 + t2 * (1.2067492 + t2 * (0.2659732 + t2 * (0.0360768 + t2 * 0.0045813)))))
    u = 3.75 / where(x > 3.75, x, 3.75)
    big = (0.39894228 + u * (0.01328592 + u * (0.00225319 + u * (-0.00157565 + u * (0.00916281 + u * (-0.02057706 +
           u * (0.02635537 + u * (-0.01647633 + u * 0.00392377)))))))) * exp(x) / sqrt(where(x > 3.75, x, 1.0))
    return where(x <= 3.75, small, big).to(input.dtype if input.is_floating_point() else float32)

# input = mantissa * 2^exponent with 0.5 <= |mantissa| < 1 (0, inf and nan
# keep themselves with exponent 0), as torch.frexp: the exponent from log2,
# corrected by one where rounding put the mantissa outside [0.5, 1); the
# scaling by 2^-exponent in two exact halves, so subnormals and numbers
# near the dtype's maximum do not overflow 2^-exponent.
def frexp(input):
    if not input.is_floating_point():
        raise TypeError("torch.frexp() only supports floating-point dtypes")
    normal = (abs(input) < math.inf) & (input != 0)
    e = where(normal, floor(log2(abs(where(normal, input, 1.0)))) + 1, 0.0)
    h = floor(e / 2)
    m = input * exp2(-h) * exp2(h - e)
    up = normal & (abs(m) >= 1)
    down = normal & (abs(m) < 0.5)
    m = where(up, m * 0.5, where(down, m * 2, m))
    e = where(up, e + 1, where(down, e - 1, e))
    return __return_types("frexp", where(normal, m, input), e.to(int32))

# The in-place forms.
def logit_(self, eps=None):
    return self.copy_(logit(self, eps))

def erfc_(self):
    return self.copy_(erfc(self))

def copysign_(self, other):
    return self.copy_(copysign(self, other))

def deg2rad_(self):
    return self.copy_(deg2rad(self))

def rad2deg_(self):
    return self.copy_(rad2deg(self))

def lgamma_(self):
    return self.copy_(lgamma(self))

def digamma_(self):
    return self.copy_(digamma(self))
