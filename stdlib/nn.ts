# nn: neural-network building blocks for TensorScript.
#
# Everything here is written with tensor operations, so the tracer traces
# through these functions (they become part of the caller's graph) and the
# backend fuses them. Conventions follow torch.nn.functional:
#   linear(x, w, b)   w has shape [out_features, in_features]: x @ w.T + b
#   softmax / log_softmax reduce over `dim` (default: the last dimension)
#   layer_norm        normalises over the last dimension

_gelu = gelu  # the builtin (exact, erf-based); `gelu` below shadows the name


def linear(x, w, b=None):
    y = x @ w.T
    if b is not None:
        y = y + b
    return y


def softmax(x, dim=-1):
    e = exp(x - max(x, dim, keepdim=True))
    return e / sum(e, dim, keepdim=True)


def log_softmax(x, dim=-1):
    s = x - max(x, dim, keepdim=True)
    return s - log(sum(exp(s), dim, keepdim=True))


def layer_norm(x, w=None, b=None, eps=1e-5):
    mu = mean(x, -1, keepdim=True)
    xc = x - mu
    var = mean(xc * xc, -1, keepdim=True)
    y = xc * rsqrt(var + eps)
    if w is not None:
        y = y * w
    if b is not None:
        y = y + b
    return y


# approximate="none": 0.5 * x * (1 + erf(x / sqrt(2))) (torch's default);
# approximate="tanh": 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3))).
def gelu(x, approximate="none"):
    if approximate == "tanh":
        return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))
    return _gelu(x)


# Two linear layers with an activation between them ("relu" or "gelu").
def mlp(x, w1, b1, w2, b2, activation="relu"):
    h = linear(x, w1, b1)
    if activation == "gelu":
        h = gelu(h)
    else:
        h = relu(h)
    return linear(h, w2, b2)


# Scaled dot-product attention: softmax(q @ k^T / sqrt(d)) @ v over the last
# two dimensions. `mask` (bool, broadcastable to the scores) keeps positions
# where it is True; `causal=True` keeps key j <= query i.
def attention(q, k, v, mask=None, causal=False):
    d = q.shape[-1]
    scores = (q @ transpose(k, -2, -1)) * (1.0 / d ** 0.5)
    if causal:
        n = scores.shape[-2]
        m = scores.shape[-1]
        keep = arange(n)[:, None] >= arange(m)[None, :]
        scores = where(keep, scores, float("-inf"))
    if mask is not None:
        scores = where(mask, scores, float("-inf"))
    return softmax(scores, -1) @ v


def mse_loss(a, b):
    d = a - b
    return mean(d * d)
