# nn: neural-network building blocks for TensorScript.
#
# Everything here is written with tensor operations, so the tracer traces
# through these functions (they become part of the caller's graph) and the
# backend fuses them. Conventions follow torch.nn.functional:
#   linear(x, w, b)   w has shape [out_features, in_features]: x @ w.T + b
#   softmax / log_softmax reduce over `dim` (default: the last dimension)
#   layer_norm        normalises over the last dimension

_gelu = gelu  # the builtin (exact, erf-based); `gelu` below shadows the name

# x @ w.T + b, with w of shape [out_features, in_features].
def linear(x, w, b=None):
    y = x @ w.T
    if b is not None:
        y = y + b
    return y


# exp(x - amax(x)) * (1 / sum(...)), in `dtype` if given: the tensor method
# (lang/semantics/composite.h defines it once for both modes).
def softmax(x, dim=-1, dtype=None):
    return x.softmax(dim, dtype=dtype)

# log(softmax(x)) computed stably as x - logsumexp(x), in `dtype` if given.
def log_softmax(x, dim=-1, dtype=None):
    return x.log_softmax(dim, dtype=dtype)

# Normalises over the last dimension (mean 0, biased variance 1), then * w + b; torch takes normalized_shape first.
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
# approximate="tanh": 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3))),
# computed as x * sigmoid(2 sqrt(2 / pi) * (x + 0.044715 x^3)), the same function.
def gelu(x, approximate="none"):
    if approximate == "tanh":
        # 0.5 * (1 + tanh(u)) is sigmoid(2u): one exp and one division per
        # element, and no cancellation in 1 + tanh(u) for negative x.
        return x * sigmoid(1.5957691216057308 * (x + 0.044715 * x * x * x))
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


# ---- lookups, classification losses and attention (torch.nn.functional names)

# Rows of `weight` at the positions in `input` (any shape of int64 indices):
# output shape input.shape + [embedding_dim]. `padding_idx` only matters for
# training in torch (its row gets no gradient): the lookup is the same.
def embedding(input, weight, padding_idx=None):
    return weight[input]


# int64 one-hot vectors along a new last dimension. num_classes=-1 (torch's
# default) takes max(input) + 1, which depends on the data: pass it.
def one_hot(tensor, num_classes=-1):
    if num_classes < 0:
        num_classes = int(tensor.max()) + 1
    return (tensor[..., None] == arange(num_classes)).long()


# The loss of log-probabilities `input` [N, C, ...] at class indices `target`
# [N, ...]: -input[n, target[n]], weighted by weight[target[n]]; targets equal
# to ignore_index count for nothing (and not in the mean's denominator).
def nll_loss(input, target, weight=None, ignore_index=-100, reduction="mean"):
    keep = target != ignore_index
    safe = where(keep, target, 0)
    picked = -gather(input, 1, safe.unsqueeze(1)).squeeze(1)
    w = keep.to(input.dtype)
    if weight is not None:
        w = w * weight[safe]
    return _reduce_weighted(picked * w, w, reduction)


def _reduce_weighted(loss, w, reduction):
    if reduction == "mean":
        return sum(loss) / sum(w)
    if reduction == "sum":
        return sum(loss)
    return loss


# Cross entropy of logits `input` [N, C, ...] with class indices `target`
# [N, ...] (or class probabilities of input's shape), as torch computes it:
# label_smoothing mixes the one-hot target with the uniform distribution.
def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    logp = log_softmax(input, 1)
    c = input.shape[1]
    if target.is_floating_point():
        t = target
        if label_smoothing > 0.0:
            t = t * (1.0 - label_smoothing) + label_smoothing / c
        if weight is not None:
            shape = [1] * input.ndim
            shape[1] = c
            logp = logp * weight.reshape(shape)
        loss = -sum(t * logp, 1)
        if reduction == "mean":
            return mean(loss) if input.ndim > 1 else loss
        if reduction == "sum":
            return sum(loss)
        return loss
    keep = target != ignore_index
    safe = where(keep, target, 0)
    w = keep.to(input.dtype)
    if weight is not None:
        w = w * weight[safe]
    nll = -gather(logp, 1, safe.unsqueeze(1)).squeeze(1)
    if label_smoothing == 0.0:
        return _reduce_weighted(nll * w, w, reduction)
    # the uniform part: the mean over classes of -logp (weighted per class when given)
    if weight is not None:
        shape = [1] * input.ndim
        shape[1] = c
        smooth = -sum(logp * weight.reshape(shape), 1) * keep.to(input.dtype)
    else:
        smooth = -sum(logp, 1) * keep.to(input.dtype)
    loss = (1.0 - label_smoothing) * nll * w + (label_smoothing / c) * smooth
    if reduction == "mean":
        return sum(loss) / sum(w)
    if reduction == "sum":
        return sum(loss)
    return loss


# torch.nn.functional.scaled_dot_product_attention (torch 2.x): softmax(q k^T
# * scale + mask) v over the last two dims of [..., L, E] / [..., S, E]
# tensors (any number of batch and head dims). A bool attn_mask keeps the
# positions where it is True; a float one is added to the scores. is_causal
# keeps key j <= query i. dropout_p must be 0 (no training in kernels).
def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None):
    s = scale
    if s is None:
        s = 1.0 / query.shape[-1] ** 0.5
    scores = (query @ key.transpose(-2, -1)) * s
    if is_causal:
        keep = arange(scores.shape[-2])[:, None] >= arange(scores.shape[-1])[None, :]
        scores = scores.masked_fill(logical_not(keep), float("-inf"))
    if attn_mask is not None:
        if attn_mask.is_floating_point():
            scores = scores + attn_mask
        else:
            scores = scores.masked_fill(logical_not(attn_mask), float("-inf"))
    return softmax(scores, -1) @ value


# Multi-head attention of x [B, T, C] with fused qkv weights w_qkv [3C, C]
# (torch.nn.MultiheadAttention's in_proj layout), output projection w_o
# [C, C], `heads` heads; mask: bool [T, T] (True keeps) or None.
def multi_head_attention(x, w_qkv, w_o, heads, b_qkv=None, b_o=None, mask=None, causal=False):
    b = x.shape[0]
    t = x.shape[1]
    c = x.shape[2]
    q, k, v = linear(x, w_qkv, b_qkv).chunk(3, -1)
    q = q.reshape(b, t, heads, c // heads).transpose(1, 2)
    k = k.reshape(b, t, heads, c // heads).transpose(1, 2)
    v = v.reshape(b, t, heads, c // heads).transpose(1, 2)
    y = scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)
    return linear(y.transpose(1, 2).reshape(b, t, c), w_o, b_o)
# ---- convolution, pooling, padding, batch norm (torch.nn.functional names
# and keywords). Arguments are normalised here (an int or a tuple, "same" /
# "valid") and passed to the window builtins `_conv`, `_max_pool`,
# `_avg_pool`, `_adaptive_avg_pool` and `_pad`, which are graph ops run by
# the runtime's kernels (im2col + BLAS for convolution); lang/semantics/window.h
# has their shape rules.

def _ntuple(v, n):
    if isinstance(v, int):
        return [v for _ in range(n)]
    if len(v) == 1:
        return [v[0] for _ in range(n)]
    assert len(v) == n, f"expected an int or {n} values, got {len(v)}"
    return [x for x in v]


# conv padding as (before, after) per spatial dim; "same" pads the total
# dilation * (kernel - 1) as torch does (the odd one extra after).
def _conv_padding(padding, weight, stride, dilation, n):
    if isinstance(padding, str):
        assert padding == "same" or padding == "valid", "padding must be \"same\", \"valid\", an int or a tuple"
        pads = []
        for i in range(n):
            total = 0
            if padding == "same":
                assert stride[i] == 1, "padding='same' is not supported for strided convolutions"
                total = dilation[i] * (weight.shape[len(weight.shape) - n + i] - 1)
            pads = pads + [total // 2, total - total // 2]
        return pads
    pads = []
    for p in _ntuple(padding, n):
        pads = pads + [p, p]
    return pads


def _conv_nd(input, weight, bias, stride, padding, dilation, groups, n):
    s = _ntuple(stride, n)
    d = _ntuple(dilation, n)
    return _conv(input, weight, bias, s, _conv_padding(padding, weight, s, d, n), d, groups)

# 1-d convolution of [N, C_in, L] (or [C_in, L]) with weight [C_out, C_in / groups, K].
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv_nd(input, weight, bias, stride, padding, dilation, groups, 1)

# 2-d convolution of [N, C_in, H, W] (or unbatched) with weight [C_out, C_in / groups, KH, KW].
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv_nd(input, weight, bias, stride, padding, dilation, groups, 2)


def _pool_stride(stride, n):
    if stride is None:
        return []
    return _ntuple(stride, n)

# Maximum over windows of the last dim (stride defaults to kernel_size; padding is -inf).
def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False):
    return _max_pool(input, _ntuple(kernel_size, 1), _pool_stride(stride, 1), _ntuple(padding, 1),
                     _ntuple(dilation, 1), ceil_mode)

# Maximum over windows of the last two dims (stride defaults to kernel_size; padding is -inf).
def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False):
    return _max_pool(input, _ntuple(kernel_size, 2), _pool_stride(stride, 2), _ntuple(padding, 2),
                     _ntuple(dilation, 2), ceil_mode)

# Mean over windows of the last dim (zero padding counted unless count_include_pad=False).
def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    return _avg_pool(input, _ntuple(kernel_size, 1), _pool_stride(stride, 1), _ntuple(padding, 1), ceil_mode,
                     count_include_pad)

# Mean over windows of the last two dims (zero padding counted unless count_include_pad=False).
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    return _avg_pool(input, _ntuple(kernel_size, 2), _pool_stride(stride, 2), _ntuple(padding, 2), ceil_mode,
                     count_include_pad)


# output_size: an int or a tuple whose None entries keep the input's size.
def _adaptive_size(input, output_size, n):
    if isinstance(output_size, int):
        return [output_size for _ in range(n)]
    out = []
    for i in range(n):
        o = output_size[i]
        out.append(input.shape[len(input.shape) - n + i] if o is None else o)
    return out

# Mean over the windows that split the last dim into output_size parts, as torch splits it.
def adaptive_avg_pool1d(input, output_size):
    return _adaptive_avg_pool(input, _adaptive_size(input, output_size, 1))

# Mean over the windows that split the last two dims into output_size parts (None keeps a size).
def adaptive_avg_pool2d(input, output_size):
    return _adaptive_avg_pool(input, _adaptive_size(input, output_size, 2))


# pad: (before, after) pairs from the last dim backwards; mode "constant"
# (value; negative pads crop), "reflect" or "replicate".
# Transposed convolution (the gradient of conv2d/conv1d with respect to its
# input) as a convolution: zeros inserted between input pixels (stride - 1),
# padded by dilation * (k - 1) - padding (+ output_padding after), convolved
# with the kernel flipped and its in/out channels swapped per group.
# weight: [C_in, C_out / groups, *k].
def _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, n):
    s = _ntuple(stride, n)
    p = _ntuple(padding, n)
    op = _ntuple(output_padding, n)
    d = _ntuple(dilation, n)
    unbatched = len(input.shape) == n + 1
    x = input.unsqueeze(0) if unbatched else input
    for i in range(n):
        if s[i] > 1:  # s - 1 zeros after each element of spatial dim i, then the trailing ones dropped
            ax = 2 + i
            size = x.shape[ax]
            x = x.unsqueeze(ax + 1)
            widths = [0, 0] * (n - 1 - i) + [0, s[i] - 1]
            x = _pad(x, widths, "constant", 0.0)
            shape = list(x.shape[:ax]) + [size * s[i]] + list(x.shape[ax + 2:])
            x = x.reshape(shape).narrow(ax, 0, (size - 1) * s[i] + 1)
    pads = []
    for i in range(n - 1, -1, -1):
        k = weight.shape[2 + i]
        lo = d[i] * (k - 1) - p[i]
        hi = lo + op[i]
        if lo < 0 or hi < 0:  # more padding than the kernel covers: crop instead
            ax = 2 + i
            start = -lo if lo < 0 else 0
            stop = x.shape[ax] + (hi if hi < 0 else 0)
            x = x.narrow(ax, start, stop - start)
            lo = max(lo, 0)
            hi = max(hi, 0)
        pads = pads + [lo, hi]
    if sum(pads) > 0:
        x = _pad(x, pads, "constant", 0.0)
    cin = weight.shape[0]
    cout_g = weight.shape[1]
    ks = list(weight.shape[2:])
    w = weight.reshape([groups, cin // groups, cout_g] + ks).transpose(1, 2).reshape([groups * cout_g, cin // groups] + ks)
    w = w.flip([2 + i for i in range(n)])
    y = _conv(x, w, bias, tuple([1] * n), [0, 0] * n, d, groups)
    return y.squeeze(0) if unbatched else y


# torch.nn.functional.conv_transpose1d / conv_transpose2d (torch's argument order:
# output_padding and groups before dilation).
def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, 1)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, 2)


# Source positions along one dim of size n_in resized to n_out: "nearest"
# takes floor(i * scale); "linear" the two neighbours of (i + 0.5) * scale -
# 0.5 (align_corners=False) or i * (n_in - 1) / (n_out - 1) (True) and the
# weight of the second. scale is 1 / scale_factor when one is given, as torch.
# Source positions of each output index (and linear weights), computed in
# the input's accumulation type as torch's area_pixel_compute_source_index
# (float64 for a float64 input; nearest indices in float32, as torch's).
def _resize_index(n_in, n_out, scale_factor, mode, align_corners, dtype=float32):
    scale = (1.0 / scale_factor) if scale_factor is not None else n_in / n_out
    i = arange(n_out, dtype=float32 if mode == "nearest" else dtype)
    if mode == "nearest":
        return (i * scale).floor().long().clamp(max=n_in - 1), None, None
    if align_corners:
        src = i * ((n_in - 1) / (n_out - 1) if n_out > 1 else 0.0)
    else:
        src = ((i + 0.5) * scale - 0.5).clamp(min=0.0)
    i0 = src.floor().long().clamp(max=n_in - 1)
    i1 = (i0 + 1).clamp(max=n_in - 1)
    return i0, i1, src - i0.to(src.dtype)


# torch.nn.functional.interpolate for "nearest" (1-d, 2-d) and "linear" /
# "bilinear" (separable linear along each spatial dim) on [N, C, ...].
def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None, antialias=False):
    n = len(input.shape) - 2
    if mode not in ("nearest", "linear", "bilinear"):
        raise NotImplementedError(f"interpolate(mode={mode!r}): nearest, linear and bilinear are supported")
    if antialias:
        raise NotImplementedError("interpolate(antialias=True) is not supported")
    sizes = _ntuple(size, n) if size is not None else None
    factors = None
    if scale_factor is not None:
        factors = [scale_factor] * n if isinstance(scale_factor, (int, float)) else _ntuple(scale_factor, n)
    x = input
    for i in range(n):
        ax = 2 + i
        n_in = input.shape[ax]
        n_out = sizes[i] if sizes is not None else int(n_in * factors[i])
        f = None if (factors is None or recompute_scale_factor) else factors[i]
        i0, i1, w = _resize_index(n_in, n_out, f, "nearest" if mode == "nearest" else "linear", align_corners,
                                  float64 if x.dtype == float64 else float32)
        if mode == "nearest":
            x = x.index_select(ax, i0)
        else:
            shape = [1] * len(input.shape)
            shape[ax] = n_out
            w = w.reshape(shape).to(x.dtype)
            x = x.index_select(ax, i0) * (1 - w) + x.index_select(ax, i1) * w
    return x


# The [-1, 1] grid coordinates of `steps` pixel centres (torch's
# linspace_from_neg_one: corner pixels' centres at +-1 when align_corners).
def _grid_base(steps, align_corners, dtype):
    if steps <= 1:
        return zeros(steps, dtype=dtype)
    b = linspace(-1.0, 1.0, steps, dtype=dtype)
    return b if align_corners else b * ((steps - 1) / steps)


# torch.nn.functional.affine_grid for 2-d: theta [N, 2, 3] and size
# (N, C, H, W) give the sampling grid [N, H, W, 2] of (x, y) positions that
# grid_sample reads, each base position (x, y, 1) times theta transposed.
def affine_grid(theta, size, align_corners=None):
    if len(size) != 4:
        raise NotImplementedError("affine_grid: only 4-d sizes (N, C, H, W) are supported")
    n, h, w = size[0], size[2], size[3]
    xs = _grid_base(w, align_corners, theta.dtype).view(1, w).expand(h, w)
    ys = _grid_base(h, align_corners, theta.dtype).view(h, 1).expand(h, w)
    base = stack([xs, ys, ones(h, w, dtype=theta.dtype)], dim=-1).view(1, h * w, 3).expand(n, h * w, 3)
    return base.bmm(theta.transpose(1, 2)).view(n, h, w, 2)


# A grid coordinate in [-1, 1] to a pixel position along a dim of `size`,
# with torch's padding: border clamps, reflection folds at the edges (at
# pixel centres with align_corners, at the image's border without).
def _grid_unnormalize(coord, size, align_corners, padding_mode):
    if align_corners:
        x = (coord + 1) / 2 * (size - 1)
    else:
        x = ((coord + 1) * size - 1) / 2
    if padding_mode == "reflection":
        lo, span = (0.0, size - 1.0) if align_corners else (-0.5, float(size))
        if span <= 0:
            x = x * 0
        else:
            d = (x - lo).abs()
            extra = d % span
            flips = (d / span).floor()
            x = where(flips % 2 == 0, extra + lo, span - extra + lo)
    if padding_mode != "zeros":
        x = x.clamp(0, size - 1)
    return x


# input [N, C, H, W] at integer positions (x, y) [N, Ho, Wo] (as floats),
# 0 where a position is outside the image.
def _grid_tap(input, x, y):
    n, c, h, w = input.shape
    inside = (x >= 0) & (x <= w - 1) & (y >= 0) & (y <= h - 1)
    at = (y.clamp(0, h - 1) * w + x.clamp(0, w - 1)).long()
    ho, wo = x.shape[1], x.shape[2]
    v = input.reshape(n, c, h * w).gather(2, at.view(n, 1, ho * wo).expand(n, c, ho * wo))
    return where(inside.view(n, 1, ho, wo), v.view(n, c, ho, wo), 0.0)


# torch.nn.functional.grid_sample for 4-d input [N, C, H, W] and grid
# [N, Ho, Wo, 2] of (x, y) in [-1, 1]: "bilinear" weighs the four
# neighbours as torch does (nw, ne, sw, se), "nearest" rounds half to even;
# padding "zeros", "border" or "reflection". align_corners=None is False.
def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if input.dim() != 4:
        raise NotImplementedError("grid_sample: only 4-d input (N, C, H, W) is supported")
    if mode not in ("bilinear", "nearest"):
        raise NotImplementedError(f"grid_sample(mode={mode!r}): bilinear and nearest are supported")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', "
                         f"or 'reflection', but got: '{padding_mode}'")
    h, w = input.shape[2], input.shape[3]
    ix = _grid_unnormalize(grid[..., 0].to(input.dtype), w, align_corners, padding_mode)
    iy = _grid_unnormalize(grid[..., 1].to(input.dtype), h, align_corners, padding_mode)
    if mode == "nearest":
        return _grid_tap(input, ix.round(), iy.round())
    x0 = ix.floor()
    y0 = iy.floor()
    x1 = x0 + 1
    y1 = y0 + 1
    nw = ((x1 - ix) * (y1 - iy)).unsqueeze(1)
    ne = ((ix - x0) * (y1 - iy)).unsqueeze(1)
    sw = ((x1 - ix) * (iy - y0)).unsqueeze(1)
    se = ((ix - x0) * (iy - y0)).unsqueeze(1)
    return (_grid_tap(input, x0, y0) * nw + _grid_tap(input, x1, y0) * ne
            + _grid_tap(input, x0, y1) * sw + _grid_tap(input, x1, y1) * se)


def pad(input, pad, mode="constant", value=None):
    return _pad(input, [p for p in pad], mode, 0.0 if value is None else value)


# pixel_shuffle: [N, C*r*r, H, W] -> [N, C, H*r, W*r] (sub-pixel convolution's
# rearrangement); pixel_unshuffle is its inverse.
def pixel_shuffle(input, upscale_factor):
    r = upscale_factor
    n, c, h, w = input.shape[-4], input.shape[-3], input.shape[-2], input.shape[-1]
    lead = list(input.shape[:-3])
    x = input.reshape(lead + [c // (r * r), r, r, h, w])
    k = len(lead)
    x = x.permute(*(list(range(k)) + [k, k + 3, k + 1, k + 4, k + 2]))
    return x.reshape(lead + [c // (r * r), h * r, w * r])


def pixel_unshuffle(input, downscale_factor):
    r = downscale_factor
    c, h, w = input.shape[-3], input.shape[-2], input.shape[-1]
    lead = list(input.shape[:-3])
    x = input.reshape(lead + [c, h // r, r, w // r, r])
    k = len(lead)
    x = x.permute(*(list(range(k)) + [k, k + 2, k + 4, k + 1, k + 3]))
    return x.reshape(lead + [c * r * r, h // r, w // r])


# unfold (im2col): the sliding kernel_size blocks of [N, C, H, W] as columns,
# [N, C * kh * kw, L] for the L block positions (rows ordered C, then kh, kw).
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    k = _ntuple(kernel_size, 2)
    d = _ntuple(dilation, 2)
    p = _ntuple(padding, 2)
    s = _ntuple(stride, 2)
    x = _pad(input, [p[1], p[1], p[0], p[0]], "constant", 0.0) if p[0] > 0 or p[1] > 0 else input
    n, c, h, w = x.shape[0], x.shape[1], x.shape[2], x.shape[3]
    oh = (h - d[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (w - d[1] * (k[1] - 1) - 1) // s[1] + 1
    blocks = []
    for i in range(k[0]):
        for j in range(k[1]):
            r0 = i * d[0]
            c0 = j * d[1]
            blocks.append(x[:, :, r0:r0 + s[0] * (oh - 1) + 1:s[0], c0:c0 + s[1] * (ow - 1) + 1:s[1]])
    return stack(blocks, 2).reshape(n, c * k[0] * k[1], oh * ow)


# batch_norm over dim 1 of [N, C, ...]. Eval mode normalises with the running
# statistics (elementwise: it fuses); training mode with the batch's (biased
# variance) and updates running_mean / running_var in place with momentum,
# the variance unbiased, as torch does.
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    shape = [1, -1] + [1 for _ in range(len(input.shape) - 2)]
    if training:
        dims = [0] + [i for i in range(2, len(input.shape))]
        m = mean(input, dims)
        xc = input - m.reshape(shape)
        v = mean(xc * xc, dims)
        count = 1
        for i in dims:
            count = count * input.shape[i]
        with no_grad():  # running statistics record nothing, as in torch
            if running_mean is not None:
                running_mean *= 1.0 - momentum
                running_mean += momentum * m
            if running_var is not None:
                running_var *= 1.0 - momentum
                running_var += (momentum * count / max(count - 1, 1)) * v
        y = xc * rsqrt(v.reshape(shape) + eps)
    else:
        y = (input - running_mean.reshape(shape)) * rsqrt(running_var.reshape(shape) + eps)
    if weight is not None:
        y = y * weight.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return y

# ---- issue 11: activations, normalisation, dropout and losses
# (torch.nn.functional's names, keywords and formulas)

# x * sigmoid(x).
def silu(x):
    return x * sigmoid(x)


# log(1 + exp(beta x)) / beta, and x itself where beta x > threshold
def softplus(x, beta=1.0, threshold=20.0):
    bx = x * beta
    return where(bx > threshold, x, log1p(exp(bx)) / beta)

# x where x > 0, else negative_slope * x.
def leaky_relu(x, negative_slope=0.01):
    return where(x > 0, x, x * negative_slope)

# x where x > 0, else alpha * (exp(x) - 1).
def elu(x, alpha=1.0):
    return where(x > 0, x, expm1(x) * alpha)


# x / sqrt(mean(x^2) + eps) over the trailing `normalized_shape` dims, times
# weight; eps=None is the dtype's machine epsilon (torch.nn.RMSNorm).
def rms_norm(x, normalized_shape, weight=None, eps=None):
    n = 1 if isinstance(normalized_shape, int) else len(normalized_shape)
    dims = tuple(range(-n, 0))
    if eps is None:
        eps = 2.220446049250313e-16 if x.dtype == float64 else 1.1920928955078125e-07
    y = x * rsqrt(mean(x * x, dims, keepdim=True) + eps)
    if weight is not None:
        y = y * weight
    return y


# Normalises each of num_groups groups of channels (dim 1 of [N, C, ...])
# over its channels and positions (mean 0, biased variance 1), then applies
# the per-channel weight and bias.
def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    n = input.shape[0]
    c = input.shape[1]
    if c % num_groups != 0:
        raise ValueError(f"Expected number of channels in input to be divisible by num_groups, but got input of shape {list(input.shape)} and num_groups={num_groups}")
    x = input.reshape(n, num_groups, -1)
    mu = mean(x, -1, keepdim=True)
    xc = x - mu
    y = (xc * rsqrt(mean(xc * xc, -1, keepdim=True) + eps)).reshape(input.shape)
    shape = [1, c] + [1 for _ in range(len(input.shape) - 2)]
    if weight is not None:
        y = y * weight.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return y


# x / max(norm(x, p, dim), eps)
def normalize(x, p=2.0, dim=1, eps=1e-12):
    return x / maximum(x.norm(p, dim, keepdim=True), tensor(eps, dtype=x.dtype))


# sum(x1 x2) / sqrt(max(sum(x1^2) sum(x2^2), eps^2)) along dim
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    w12 = sum(x1 * x2, dim)
    w1 = sum(x1 * x1, dim)
    w2 = sum(x2 * x2, dim)
    return w12 / sqrt(maximum(w1 * w2, tensor(eps * eps, dtype=w12.dtype)))


# training=True keeps each element with probability 1 - p (drawn from the
# program's generator exactly as torch's bernoulli_: a float64 uniform below
# 1 - p) and scales the kept ones by 1 / (1 - p); training=False is x.
def dropout(x, p=0.5, training=True):
    if not training or p == 0:
        return x
    if p == 1:
        return x * 0.0
    keep = rand_like(x, dtype=float64) < 1 - p
    return x * (keep.to(x.dtype) / (1 - p))


def _reduce_loss(l, reduction):
    if reduction == "mean":
        return mean(l)
    if reduction == "sum":
        return sum(l)
    return l


def mse_loss(input, target, reduction="mean"):
    d = input - target
    return _reduce_loss(d * d, reduction)


def l1_loss(input, target, reduction="mean"):
    return _reduce_loss(abs(input - target), reduction)


# 0.5 d^2 / beta where |d| < beta, else |d| - 0.5 beta
def smooth_l1_loss(input, target, reduction="mean", beta=1.0):
    d = abs(input - target)
    return _reduce_loss(where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta), reduction)

# ---- more of torch.nn.functional's activations and losses, as ported model
# code calls them (`F.relu(x)`, `F.binary_cross_entropy_with_logits(...)`)
_relu_builtin = relu
_tanh_builtin = tanh
_sigmoid_builtin = sigmoid

# The result of an activation, written into x when `inplace` (as torch's
# inplace=True: x itself is returned, changed).
def _maybe_inplace(x, y, inplace):
    if inplace:
        x.copy_(y)
        return x
    return y

# max(x, 0) (the builtin `relu`).
def relu(x, inplace=False):
    return _maybe_inplace(x, _relu_builtin(x), inplace)

# The builtin `tanh`.
def tanh(x):
    return _tanh_builtin(x)

# The builtin `sigmoid`.
def sigmoid(x):
    return _sigmoid_builtin(x)

# min(max(x, 0), 6).
def relu6(x, inplace=False):
    return _maybe_inplace(x, clamp(x, 0.0, 6.0), inplace)

# clamp(x, min_val, max_val).
def hardtanh(x, min_val=-1.0, max_val=1.0, inplace=False):
    return _maybe_inplace(x, clamp(x, min_val, max_val), inplace)

# relu6(x + 3) / 6.
def hardsigmoid(x, inplace=False):
    return _maybe_inplace(x, clamp(x + 3.0, 0.0, 6.0) / 6.0, inplace)

# x * relu6(x + 3) / 6.
def hardswish(x, inplace=False):
    return _maybe_inplace(x, x * clamp(x + 3.0, 0.0, 6.0) / 6.0, inplace)

# log(sigmoid(x)), as -softplus(-x) (no overflow for large |x|).
def logsigmoid(x):
    return -softplus(-x)

# x * tanh(softplus(x)).
def mish(x, inplace=False):
    return _maybe_inplace(x, x * _tanh_builtin(softplus(x)), inplace)

# a * sigmoid(b), a and b the two halves of x along `dim`.
def glu(x, dim=-1):
    if x.shape[dim] % 2 != 0:
        raise RuntimeError(f"Halving dimension must be even, but dimension {dim % x.dim()} is size {x.shape[dim]}")
    a, b = chunk(x, 2, dim)
    return a * _sigmoid_builtin(b)

# softmax(-x, dim).
def softmin(x, dim=-1, dtype=None):
    return softmax(-x, dim, dtype)

# -(y log(p) + (1 - y) log(1 - p)), each log clamped at -100 as torch does,
# times `weight` when given.
def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    l = -(target * clamp(log(input), -100.0) + (1.0 - target) * clamp(log(1.0 - input), -100.0))
    if weight is not None:
        l = l * weight
    return _reduce_loss(l, reduction)

# binary_cross_entropy(sigmoid(x), y) computed from the logits as torch does,
# (1 - y) x + log(1 + exp(-x)) in a form that cannot overflow; `pos_weight`
# scales the positive term.
def binary_cross_entropy_with_logits(input, target, weight=None, reduction="mean", pos_weight=None):
    m = clamp(-input, 0.0)
    if pos_weight is not None:
        lw = (pos_weight - 1.0) * target + 1.0
        l = (1.0 - target) * input + lw * (log(exp(-m) + exp(-input - m)) + m)
    else:
        l = (1.0 - target) * input + m + log(exp(-m) + exp(-input - m))
    if weight is not None:
        l = l * weight
    return _reduce_loss(l, reduction)

# KL divergence with `input` as log-probabilities: target * (log(target) - input)
# (0 where target is 0); log_target=True takes log-probabilities as target.
def kl_div(input, target, reduction="mean", log_target=False):
    if log_target:
        l = exp(target) * (target - input)
    else:
        l = where(target > 0, target * (log(where(target > 0, target, 1.0)) - input), 0.0)
    if reduction == "batchmean":
        return sum(l) / input.shape[0]
    return _reduce_loss(l, reduction)

# ---- more activations, losses and normalisations that model code calls
# through torch.nn.functional (each also a module in torch/nn/modules.ts)

# scale * (max(0, x) + min(0, alpha * (exp(x) - 1))), torch's constants.
def selu(x, inplace=False):
    return _maybe_inplace(x, where(x > 0, x, expm1(x) * 1.6732632423543772) * 1.0507009873554805, inplace)

# max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
def celu(x, alpha=1.0, inplace=False):
    return _maybe_inplace(x, where(x > 0, x, expm1(x / alpha) * alpha), inplace)

# x / (1 + |x|).
def softsign(x):
    return x / (abs(x) + 1.0)

# x - tanh(x).
def tanhshrink(x):
    return x - _tanh_builtin(x)

# x where x > threshold, else value.
def threshold(x, threshold, value, inplace=False):
    return _maybe_inplace(x, where(x > threshold, x, value), inplace)

# x - lambd above lambd, x + lambd below -lambd, else 0.
def softshrink(x, lambd=0.5):
    return where(x > lambd, x - lambd, where(x < -lambd, x + lambd, 0.0))

# x where |x| > lambd, else 0.
def hardshrink(x, lambd=0.5):
    return where((x > lambd) | (x < -lambd), x, 0.0)

# x where x >= 0, else weight * x; weight has one value or one per channel (dim 1).
def prelu(x, weight):
    w = weight
    if weight.numel() > 1 and x.dim() >= 2:
        w = weight.reshape([-1] + [1] * (x.dim() - 2))
    return where(x >= 0, x, w * x)

# 0.5 d^2 where d = |input - target| < delta, else delta * (d - delta / 2).
def huber_loss(input, target, reduction="mean", delta=1.0):
    d = abs(input - target)
    return _reduce_loss(where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta)), reduction)

# The p-norm of x1 - x2 + eps along the last dim.
def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    return (x1 - x2 + eps).norm(p, -1, keepdim=keepdim)

# max(d(a, p) - d(a, n) + margin, 0), d the pairwise p-norm distance;
# swap: d(a, n) is the smaller of it and d(p, n).
def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=False, reduction="mean"):
    d_ap = pairwise_distance(anchor, positive, p, eps)
    d_an = pairwise_distance(anchor, negative, p, eps)
    if swap:
        d_an = minimum(d_an, pairwise_distance(positive, negative, p, eps))
    return _reduce_loss(clamp(margin + d_ap - d_an, 0.0), reduction)

# max(0, -target * (input1 - input2) + margin).
def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    return _reduce_loss(clamp(-target * (input1 - input2) + margin, 0.0), reduction)

# 1 - cos(x1, x2) where target is 1, max(0, cos(x1, x2) - margin) where it
# is -1; cos along the last dim with torch's 1e-12 added to each squared norm.
def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    d = input1.dim() - 1
    prod = sum(input1 * input2, d)
    mag = sqrt((sum(input1 * input1, d) + 1e-12) * (sum(input2 * input2, d) + 1e-12))
    cos = prod / mag
    l = where(target == 1, 1.0 - cos, 0.0) + where(target == -1, clamp(cos - margin, 0.0), 0.0)
    return _reduce_loss(l, reduction)

# log(1 + exp(-target * input)).
def soft_margin_loss(input, target, reduction="mean"):
    return _reduce_loss(log1p(exp(-target * input)), reduction)

# input where target is 1, max(0, margin - input) where it is -1.
def hinge_embedding_loss(input, target, margin=1.0, reduction="mean"):
    l = where(target != 1, clamp(margin - input, 0.0), 0.0) + where(target != -1, input, 0.0)
    return _reduce_loss(l, reduction)

# -(y logsigmoid(x) + (1 - y) logsigmoid(-x)), times weight, averaged over
# the classes (dim 1).
def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    l = -(target * logsigmoid(input) + (1.0 - target) * logsigmoid(-input))
    if weight is not None:
        l = l * weight
    return _reduce_loss(mean(l, input.dim() - 1), reduction)

# exp(input) - target * input (log_input), else input - target * log(input + eps);
# full adds Stirling's target log(target) - target + log(2 pi target) / 2 where target > 1.
def poisson_nll_loss(input, target, log_input=True, full=False, eps=1e-8, reduction="mean"):
    if log_input:
        l = exp(input) - target * input
    else:
        l = input - target * log(input + eps)
    if full:
        t = where(target > 1, target, 1.0)
        l = l + where(target > 1, t * log(t) - t + 0.5 * log(6.283185307179586 * t), 0.0)
    return _reduce_loss(l, reduction)

# (log(max(var, eps)) + (input - target)^2 / max(var, eps)) / 2, plus log(2 pi) / 2 when full.
def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if var.dim() == input.dim() - 1:
        var = var.unsqueeze(-1)
    v = clamp(var, eps)
    l = 0.5 * (log(v) + (input - target) ** 2 / v)
    if full:
        l = l + 0.9189385332046727  # log(2 pi) / 2
    return _reduce_loss(l, reduction)

# Normalises each channel of each sample over its spatial dims (biased
# variance), then * weight + bias per channel; running statistics, when
# given and use_input_stats, are updated in place as batch_norm's are.
def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True, momentum=0.1, eps=1e-5):
    dims = tuple(range(2, input.dim()))
    shape = [1, -1] + [1] * (input.dim() - 2)
    if use_input_stats:
        m = mean(input, dims, keepdim=True)
        v = var(input, dims, unbiased=False, keepdim=True)
        if running_mean is not None:
            n = input.numel() // (input.shape[0] * input.shape[1])
            with no_grad():  # running statistics and initialisation record nothing, as in torch
                running_mean.mul_(1 - momentum).add_(mean(m.reshape(input.shape[0], -1), 0) * momentum)
                running_var.mul_(1 - momentum).add_(mean(v.reshape(input.shape[0], -1), 0) * (momentum * n / max(n - 1, 1)))
    else:
        m = running_mean.reshape(shape)
        v = running_var.reshape(shape)
    y = (input - m) * rsqrt(v + eps)
    if weight is not None:
        y = y * weight.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return y

# Whole channels zeroed with probability p (training), the rest scaled by
# 1 / (1 - p): one draw per index of the first `lead` dims, as torch 1.13's
# feature dropout.
def _feature_dropout(x, p, training, inplace, lead):
    if not training or p == 0:
        return x
    if p == 1:
        return _maybe_inplace(x, x * 0.0, inplace)
    shape = [x.shape[d] for d in range(lead)] + [1] * (x.dim() - lead)
    noise = x.new_empty(shape).bernoulli_(1 - p).div_(1 - p)
    return _maybe_inplace(x, x * noise, inplace)

# Feature dropout with one draw per (dim 0, dim 1) pair (torch 1.13 reads a
# 3-d input as [N, C, L], not as an unbatched image).
def dropout2d(x, p=0.5, training=True, inplace=False):
    return _feature_dropout(x, p, training, inplace, 2)

# Feature dropout for [N, C, L] (or [C, L]) inputs: one draw per channel.
def dropout1d(x, p=0.5, training=True, inplace=False):
    return _feature_dropout(x, p, training, inplace, 2 if x.dim() == 3 else 1)

def _adaptive_bounds(n, o):
    return [(i * n // o, -((-(i + 1) * n) // o)) for i in range(o)]

# Maximum over the windows that split the last dim into output_size parts, as torch splits it.
def adaptive_max_pool1d(input, output_size, return_indices=False):
    if return_indices:
        raise NotImplementedError("adaptive_max_pool1d(return_indices=True) is not supported")
    (o,) = _adaptive_size(input, output_size, 1)
    n = input.shape[-1]
    return stack([amax(input[..., a:b], -1) for a, b in _adaptive_bounds(n, o)], -1)

# Maximum over the windows that split the last two dims into output_size parts (None keeps a size).
def adaptive_max_pool2d(input, output_size, return_indices=False):
    if return_indices:
        raise NotImplementedError("adaptive_max_pool2d(return_indices=True) is not supported")
    oh, ow = _adaptive_size(input, output_size, 2)
    h, w = input.shape[-2], input.shape[-1]
    rows = []
    for a, b in _adaptive_bounds(h, oh):
        rows.append(stack([amax(input[..., a:b, c:d], (-2, -1)) for c, d in _adaptive_bounds(w, ow)], -1))
    return stack(rows, -2)
