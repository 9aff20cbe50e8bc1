# torch.special: the special functions under their torch.special names (the
# torch functions of stdlib/torch/_elementwise.ts and _composite.ts, and
# builtins), so `torch.special.gammaln(x)` ports unchanged.
import math
from torch._elementwise import expit, logit, erfc, lgamma, digamma, i0
from torch._composite import erfinv, xlogy, sinc

gammaln = lgamma
psi = digamma
erf = erf
exp2 = exp2
expm1 = expm1
log1p = log1p
round = round


def logsumexp(input, dim, keepdim=False):
    return input.logsumexp(dim, keepdim=keepdim)

def softmax(input, dim, dtype=None):
    return input.softmax(dim, dtype=dtype)

def log_softmax(input, dim, dtype=None):
    return input.log_softmax(dim, dtype=dtype)

# The standard normal CDF, (1 + erf(x / sqrt(2))) / 2, and its log.
def ndtr(input):
    return 0.5 * (1.0 + erf(input * 0.7071067811865476))

def log_ndtr(input):
    return log(ndtr(input))

# x log1p(y), 0 where x is 0.
def xlog1py(input, other):
    return where(input == 0, 0.0 * input, input * log1p(other))

# -x log x, 0 at 0, -inf below 0.
def entr(input):
    return where(input > 0, -input * log(where(input > 0, input, 1.0)), where(input == 0, 0.0, -math.inf))
