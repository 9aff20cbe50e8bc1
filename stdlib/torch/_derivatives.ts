# The derivative of every differentiable builtin, written once (as torch's
# derivatives.yaml): the interpreter's tape runs these (runtime/interp/autograd.h)
# and the compiler will differentiate graphs with the same rules.
#
# A rule is named as torch names the node (`y.grad_fn` prints it) and takes
# (grad, result, *the builtin's parameters*): grad and result are tuples for a
# builtin with several results (split, max with a dim). It returns a tuple
# of the gradients of its parameters, in order (None where there is none;
# parameters past its end have none), or the gradient of its first parameter
# alone. The engine sums a gradient to its input's
# shape (broadcasting) and casts it to its dtype (_reduce_grad), so rules
# return gradients in the result's shape. With create_graph the rules run
# recorded: write them with differentiable ops on grad, the inputs and the
# result, and they differentiate again.
#
# Non-differentiable points follow torch: relu'(0) = 0, abs'(0) = 0, max and
# amax share the gradient evenly among ties, clamp passes it at the bounds.
# A builtin mapped to None never records (its results do not require grad).
import math
import nn


def _reduce_grad(grad, like):
    g = grad
    extra = g.dim() - like.dim()
    if extra > 0:
        g = g.sum(tuple(range(extra)))
    dims = tuple([i for i in range(like.dim()) if like.shape[i] == 1 and g.shape[i] != 1])
    if len(dims) > 0:
        g = g.sum(dims, keepdim=True)
    if g.dtype != like.dtype:
        g = g.to(like.dtype)
    return g


_BOOL = zeros(0, dtype=bool).dtype


def _is_tensor(x):
    return isinstance(x, Tensor)


def _zeros(grad):
    return zeros_like(grad)


# ---- elementwise

def AddBackward0(grad, result, input, other, alpha=1):
    return grad, grad if alpha == 1 else grad * alpha


def SubBackward0(grad, result, input, other, alpha=1):
    return grad, -grad if alpha == 1 else -grad * alpha


def MulBackward0(grad, result, input, other):
    return grad * other, grad * input


def DivBackward0(grad, result, input, other, rounding_mode=None):
    if rounding_mode is not None:
        return _zeros(grad), None
    return grad / other, -grad * input / (other * other)


def PowBackward0(grad, result, input, exponent):
    if not _is_tensor(input):
        return None, grad * result * math.log(input)
    if not _is_tensor(exponent):
        if exponent == 0:
            return _zeros(grad), None
        return grad * exponent * input ** (exponent - 1), None
    gi = grad * exponent * input ** (exponent - 1)
    safe = where(input == 0, ones_like(input), input)
    ge = where((input == 0) & (exponent >= 0), zeros_like(result), grad * result * log(safe))
    return gi, ge


def RemainderBackward0(grad, result, input, other):
    return grad, -grad * floor_divide(input, other) if _is_tensor(other) else None


def NegBackward0(grad, result, input):
    return -grad


def ExpBackward0(grad, result, input):
    return grad * result


def Exp2Backward0(grad, result, input):
    return grad * result * math.log(2.0)


def Expm1Backward0(grad, result, input):
    return grad * (result + 1)


def LogBackward0(grad, result, input):
    return grad / input


def Log2Backward0(grad, result, input):
    return grad / (input * math.log(2.0))


def Log1PBackward0(grad, result, input):
    return grad / (input + 1)


def SqrtBackward0(grad, result, input):
    return grad / (2 * result)


def RsqrtBackward0(grad, result, input):
    return -0.5 * grad * result ** 3


def ReciprocalBackward0(grad, result, input):
    return -grad * result * result


def SinBackward0(grad, result, input):
    return grad * cos(input)


def CosBackward0(grad, result, input):
    return -grad * sin(input)


def TanBackward0(grad, result, input):
    return grad * (1 + result * result)


def TanhBackward0(grad, result, input):
    return grad * (1 - result * result)


def SigmoidBackward0(grad, result, input):
    return grad * result * (1 - result)


def SinhBackward0(grad, result, input):
    return grad * cosh(input)


def CoshBackward0(grad, result, input):
    return grad * sinh(input)


def AsinBackward0(grad, result, input):
    return grad * rsqrt(1 - input * input)


def AcosBackward0(grad, result, input):
    return -grad * rsqrt(1 - input * input)


def AtanBackward0(grad, result, input):
    return grad / (1 + input * input)


def AsinhBackward0(grad, result, input):
    return grad * rsqrt(input * input + 1)


def AcoshBackward0(grad, result, input):
    return grad * rsqrt(input * input - 1)


def AtanhBackward0(grad, result, input):
    return grad / (1 - input * input)


def ErfBackward0(grad, result, input):
    return grad * (2.0 / math.sqrt(math.pi)) * exp(-input * input)


def ErfcBackward0(grad, result, input):
    return -grad * (2.0 / math.sqrt(math.pi)) * exp(-input * input)


def AbsBackward0(grad, result, input):
    return grad * sign(input)


def ReluBackward0(grad, result, input):
    return grad * (result > 0).to(grad.dtype)


def GeluBackward0(grad, result, input, approximate="none"):
    if approximate == "tanh":
        k = math.sqrt(2.0 / math.pi)
        inner = k * (input + 0.044715 * input ** 3)
        t = tanh(inner)
        return grad * (0.5 * (1 + t) + 0.5 * input * (1 - t * t) * k * (1 + 3 * 0.044715 * input * input))
    cdf = 0.5 * (1 + erf(input * (1.0 / math.sqrt(2.0))))
    pdf = exp(-0.5 * input * input) * (1.0 / math.sqrt(2.0 * math.pi))
    return grad * (cdf + input * pdf)


def ZeroGradBackward(grad, result, input, *args):
    return _zeros(grad)


def Atan2Backward0(grad, result, input, other):
    d = input * input + other * other
    return grad * other / d, -grad * input / d


def MaximumBackward0(grad, result, input, other):
    half = where(input == other, grad / 2, grad)
    return where(input < other, zeros_like(half), half), where(input > other, zeros_like(half), half)


def MinimumBackward0(grad, result, input, other):
    half = where(input == other, grad / 2, grad)
    return where(input > other, zeros_like(half), half), where(input < other, zeros_like(half), half)


def WhereBackward0(grad, result, condition, input, other=None):
    z = zeros_like(grad)
    return None, where(condition, grad, z), where(condition, z, grad)


def ClampBackward1(grad, result, input, min=None, max=None):
    keep = ones_like(input, dtype=bool)
    if min is not None:
        keep = keep & (input >= min)
    if max is not None:
        keep = keep & (input <= max)
    gi = where(keep, grad, zeros_like(grad))
    gmin = where(input < min, grad, zeros_like(grad)) if _is_tensor(min) else None
    gmax = where(input > max, grad, zeros_like(grad)) if _is_tensor(max) else None
    return gi, gmin, gmax


def LerpBackward0(grad, result, input, end, weight):
    gw = grad * (end - input) if _is_tensor(weight) else None
    return grad * (1 - weight), grad * weight, gw


def MaskedFillBackward0(grad, result, input, mask, value):
    gv = where(mask, grad, zeros_like(grad)).sum() if _is_tensor(value) else None
    return grad.masked_fill(mask, 0), None, gv


def NanToNumBackward0(grad, result, input, nan=0.0, posinf=None, neginf=None):
    return where((input == input) & (input.abs() != math.inf), grad, zeros_like(grad))


def ToCopyBackward0(grad, result, input, *args, **kwargs):
    return grad


def CloneBackward0(grad, result, input, *args, **kwargs):
    return grad


# ---- reductions

def _dims(dim, n):
    if dim is None:
        return list(range(n))
    if isinstance(dim, int):
        dim = [dim]
    return sorted([d % n if n > 0 else 0 for d in dim])


def _unsqueeze_to(grad, input, dim, keepdim):
    # grad of a reduction over `dim` in the input's rank (a view with ones)
    if keepdim or input.dim() == 0:
        return grad
    g = grad
    for d in _dims(dim, input.dim()):
        g = g.unsqueeze(d)
    return g


def SumBackward0(grad, result, input, dim=None, keepdim=False, dtype=None):
    if isinstance(input, list) or isinstance(input, tuple):  # Python's sum(tensors, start)
        return [grad for x in input], grad if _is_tensor(dim) else None
    if dim is not None and len(_dims(dim, input.dim())) == 0:
        return grad, None, None, None
    return _unsqueeze_to(grad, input, dim, keepdim).expand(input.shape), None, None, None


def MeanBackward0(grad, result, input, dim=None, keepdim=False, dtype=None):
    n = 1
    for d in _dims(dim, input.dim()):
        n = n * input.shape[d]
    return _unsqueeze_to(grad, input, dim, keepdim).expand(input.shape) / n, None, None, None


def ProdBackward0(grad, result, input, dim=None, keepdim=False, dtype=None):
    g = _unsqueeze_to(grad, input, dim, keepdim)
    r = _unsqueeze_to(result, input, dim, keepdim)
    return g * r / input, None, None, None


def _even_share(grad, result, input, dim, keepdim):
    # max/min/amax/amin: the gradient shared evenly among the positions that tie
    r = _unsqueeze_to(result, input, dim, keepdim)
    mask = (input == r).to(grad.dtype)
    if dim is None:
        count = mask.sum()
    else:
        count = mask.sum(tuple(_dims(dim, input.dim())), keepdim=True)
    return _unsqueeze_to(grad, input, dim, keepdim) * mask / count


def MaxBackward1(grad, result, input, dim=None, keepdim=False):
    if _is_tensor(dim):  # max(input, other): elementwise
        return MaximumBackward0(grad, result, input, dim) + (None,)
    if isinstance(dim, float):
        return where(input >= dim, grad, zeros_like(grad)), None, None
    if dim is None:
        return _even_share(grad, result, input, None, False), None, None
    values, indices = result
    g = grad[0]
    if not keepdim and input.dim() > 0:
        g = g.unsqueeze(dim)
        indices = indices.unsqueeze(dim)
    return zeros_like(input).scatter(dim, indices, g), None, None


def MinBackward1(grad, result, input, dim=None, keepdim=False):
    if _is_tensor(dim):
        return MinimumBackward0(grad, result, input, dim) + (None,)
    if isinstance(dim, float):
        return where(input <= dim, grad, zeros_like(grad)), None, None
    return MaxBackward1(grad, result, input, dim, keepdim)


def AmaxBackward0(grad, result, input, dim=(), keepdim=False):
    d = None if dim == () or dim == [] else dim
    return _even_share(grad, result, input, d, keepdim), None, None


def LogsumexpBackward0(grad, result, input, dim, keepdim=False):
    g = _unsqueeze_to(grad, input, dim, keepdim)
    r = _unsqueeze_to(result, input, dim, keepdim)
    return g * exp(input - r), None, None


def _count(input, dim):
    n = 1
    for d in _dims(dim, input.dim()):
        n = n * input.shape[d]
    return n


def VarBackward0(grad, result, input, dim=None, unbiased=True, keepdim=False, correction=None):
    if isinstance(unbiased, bool):
        c = (1 if unbiased else 0) if correction is None else correction
    else:  # var(input, dim, correction) spelt positionally is rare; unbiased holds a dim
        c = 1
    n = _count(input, dim)
    mu = input.mean(None if dim is None else tuple(_dims(dim, input.dim())), keepdim=True)
    return _unsqueeze_to(grad, input, dim, keepdim) * 2 * (input - mu) / max(n - c, 0), None, None, None, None


def StdBackward0(grad, result, input, dim=None, unbiased=True, keepdim=False, correction=None):
    gv = VarBackward0(grad / (2 * result), result, input, dim, unbiased, keepdim, correction)[0]
    return gv, None, None, None, None


def NormBackward1(grad, result, input, p=2, dim=None, keepdim=False):
    g = _unsqueeze_to(grad, input, dim, keepdim)
    r = _unsqueeze_to(result, input, dim, keepdim)
    if p == 2 or p == "fro":
        safe = where(r == 0, ones_like(r), r)
        return where(r == 0, zeros_like(input), g * input / safe), None, None, None
    if p == 1:
        return g * sign(input), None, None, None
    if p == math.inf or p == -math.inf:
        mask = (input.abs() == r).to(g.dtype)
        return g * sign(input) * mask / mask.sum(None if dim is None else tuple(_dims(dim, input.dim())), keepdim=True), None, None, None
    safe = where(r == 0, ones_like(r), r)
    return where(r == 0, zeros_like(input), g * input * input.abs() ** (p - 2) / safe ** (p - 1)), None, None, None


def SoftmaxBackward0(grad, result, input, dim, dtype=None):
    return result * (grad - (grad * result).sum(dim, keepdim=True)), None, None


def LogSoftmaxBackward0(grad, result, input, dim, dtype=None):
    return grad - exp(result) * grad.sum(dim, keepdim=True), None, None


def CumsumBackward0(grad, result, input, dim, dtype=None):
    return grad.flip(dim).cumsum(dim).flip(dim), None, None


# ---- matmul

def MmBackward0(grad, result, input, other):
    a = input.unsqueeze(0) if input.dim() == 1 else input
    b = other.unsqueeze(-1) if other.dim() == 1 else other
    g = grad
    if input.dim() == 1:
        g = g.unsqueeze(-2)
    if other.dim() == 1:
        g = g.unsqueeze(-1)
    ga = g @ b.mT
    gb = a.mT @ g
    if input.dim() == 1:
        ga = ga.squeeze(-2)
    if other.dim() == 1:
        gb = gb.squeeze(-1)
    return ga, gb


def DotBackward0(grad, result, input, tensor):
    return grad * tensor, grad * input


def OuterBackward0(grad, result, input, vec2):
    return grad @ vec2, grad.t() @ input


def _einsum_parse(equation, n):
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->")
    else:
        lhs = eq
        letters = [c for c in lhs if c.isalpha()]
        out = "".join(sorted([c for c in set(letters) if letters.count(c) == 1]))
    ins = lhs.split(",")
    return ins, out


def EinsumBackward0(grad, result, equation, *operands):
    ops = list(operands)
    if len(ops) == 1 and (isinstance(ops[0], list) or isinstance(ops[0], tuple)):
        ops = list(ops[0])
    ins, out = _einsum_parse(equation, len(ops))
    grads = []
    for i in range(len(ops)):
        others = [ins[j] for j in range(len(ops)) if j != i]
        present = out + "".join(others)
        kept = "".join([c for c in ins[i] if c in present])
        sub = ",".join([out] + others) + "->" + kept
        g = einsum(sub, grad, *[ops[j] for j in range(len(ops)) if j != i])
        if kept != ins[i]:  # letters summed only in this operand: broadcast back
            for k in range(len(ins[i])):
                if ins[i][k] not in present:
                    g = g.unsqueeze(k)
            g = g.expand(ops[i].shape)
        grads.append(g)
    if len(operands) == 1 and (isinstance(operands[0], list) or isinstance(operands[0], tuple)):
        return None, (grads,)
    return None, tuple(grads)


# ---- views and shapes

def TransposeBackward0(grad, result, input, dim0, dim1):
    return grad.transpose(dim0, dim1), None, None


def TBackward0(grad, result, input):
    return grad.t()


def PermuteBackward0(grad, result, input, *dims):
    perm = list(dims[0]) if len(dims) == 1 and not isinstance(dims[0], int) else list(dims)
    inv = [0] * len(perm)
    for i in range(len(perm)):
        inv[perm[i] % len(perm)] = i
    return grad.permute(inv)


def ReverseDimsBackward(grad, result, input):  # `.T`: all dims reversed, its own inverse
    return grad.T


def MTBackward(grad, result, input):
    return grad.mT


def ViewBackward0(grad, result, input, *args, **kwargs):
    return grad.reshape(input.shape)


def ExpandBackward0(grad, result, input, *args):
    return grad  # the engine sums it to input's shape


def AsStridedBackward(grad, result, input, other):  # expand_as / reshape_as / view_as
    return grad.reshape(input.shape) if grad.dim() == input.dim() or grad.numel() == input.numel() else grad, None


def CatBackward0(grad, result, tensors, dim=0):
    sizes = [t.shape[dim] if t.dim() > 0 and t.numel() > 0 else 0 for t in tensors]
    ref = [t for t in tensors if t.numel() > 0][0]
    d = dim % ref.dim()
    parts = []
    start = 0
    for t, n in zip(tensors, sizes):
        if t.numel() == 0:
            parts.append(None)
        else:
            parts.append(grad.narrow(d, start, n))
        start = start + n
    return parts, None


def StackBackward0(grad, result, tensors, dim=0):
    return list(grad.unbind(dim)), None


def SplitBackward0(grad, result, input, split_size_or_sections, dim=0):
    return cat(list(grad), dim), None, None


def ChunkBackward0(grad, result, input, chunks, dim=0):
    return cat(list(grad), dim), None, None


def UnbindBackward0(grad, result, input, dim=0):
    return stack(list(grad), dim), None


def NarrowBackward0(grad, result, input, dim, start, length):
    g = zeros_like(input, dtype=grad.dtype)
    index = [slice(None)] * input.dim()
    d = dim % input.dim()
    s = start % input.shape[d] if start < 0 else start
    index[d] = slice(s, s + length)
    g[tuple(index)] = grad
    return g, None, None, None


def RepeatInterleaveBackward0(grad, result, input, repeats, dim=None):
    if not isinstance(repeats, int):
        raise NotImplementedError("the derivative of repeat_interleave with a tensor of repeats is not implemented")
    if dim is None:
        return grad.reshape(-1, repeats).sum(1).reshape(input.shape)
    d = dim % input.dim()
    shape = list(input.shape)
    return grad.reshape(shape[:d] + [shape[d], repeats] + shape[d + 1:]).sum(d + 1)


def SquareBackward0(grad, result, input):
    return grad * 2 * input


def FlipBackward0(grad, result, input, *dims):
    return grad.flip(*dims)


def RollBackward0(grad, result, input, shifts, dims=None):
    neg = -shifts if isinstance(shifts, int) else [-s for s in shifts]
    return grad.roll(neg, dims), None, None


def RepeatBackward0(grad, result, self, *repeats):
    reps = list(repeats[0]) if len(repeats) == 1 and not isinstance(repeats[0], int) else list(repeats)
    shape = list(self.shape)
    lead = len(reps) - len(shape)
    g = grad
    if lead > 0:
        g = g.sum(tuple(range(lead)))
    split = []
    for r, s in zip(reps[lead:], shape):
        split = split + [r, s]
    g = g.reshape(split).sum(tuple(range(0, len(split), 2)))
    return g


def TrilBackward0(grad, result, input, diagonal=0):
    return grad.tril(diagonal), None


def TriuBackward0(grad, result, input, diagonal=0):
    return grad.triu(diagonal), None


def DiagBackward0(grad, result, input, diagonal=0):
    if input.dim() == 1:
        return grad.diagonal(diagonal), None
    return diag(grad, diagonal), None



# ---- convolution, pooling, padding (the internal builtins behind nn.functional)

def _lastfirst(pairs):
    # [lo0, hi0, lo1, hi1, ...] in dim order -> _pad's order (last dim first)
    out = []
    for i in range(len(pairs) // 2 - 1, -1, -1):
        out = out + [pairs[2 * i], pairs[2 * i + 1]]
    return out


def ConvolutionBackward0(grad, result, input, weight, bias, stride, padding, dilation, groups):
    n = weight.dim() - 2
    unbatched = input.dim() == n + 1
    x = input.unsqueeze(0) if unbatched else input
    g = grad.unsqueeze(0) if unbatched else grad
    xp = _pad(x, _lastfirst(padding), "constant", 0.0) if sum(padding) > 0 else x
    # input: the transposed convolution of grad, cropped to the padded input's extent
    gx = nn._conv_transpose_nd(g, weight, None, stride, 0, 0, groups, dilation, n)
    crop = []
    for i in range(n):
        lo = padding[2 * i]
        size = x.shape[2 + i]
        crop = crop + [-lo, size + lo - gx.shape[2 + i]]
    gx = _pad(gx, _lastfirst(crop), "constant", 0.0)
    # weight: input windows correlated with grad, one group at a time
    cig = x.shape[1] // groups
    cog = g.shape[1] // groups
    parts = []
    for k in range(groups):
        xs = xp.narrow(1, k * cig, cig).transpose(0, 1)
        gs = g.narrow(1, k * cog, cog).transpose(0, 1)
        w = _conv(xs, gs, None, list(dilation), [0, 0] * n, list(stride), 1)
        for i in range(n):
            w = w.narrow(2 + i, 0, weight.shape[2 + i])
        parts.append(w.transpose(0, 1))
    gw = parts[0] if groups == 1 else cat(parts, 0)
    gb = g.sum([0] + [2 + i for i in range(n)]) if bias is not None else None
    return gx.squeeze(0) if unbatched else gx, gw, gb


def _window_index(input, result, kernel, stride, padding, dilation):
    # For each output position and kernel offset: the flat input position it
    # reads (spatial dims only), and whether it lies inside the input / inside
    # the padded input.
    n = len(kernel)
    sizes = list(input.shape[input.dim() - n:])
    outs = list(result.shape[result.dim() - n:])
    stride = kernel if len(stride) == 0 else stride
    idx = zeros([1] * (2 * n), dtype=int64)
    inside = ones([1] * (2 * n), dtype=bool)
    padded = ones([1] * (2 * n), dtype=bool)
    for i in range(n):
        pos = (arange(outs[i]) * stride[i] - padding[i]).reshape(outs[i], 1) + (arange(kernel[i]) * dilation[i]).reshape(1, kernel[i])
        shape = [1] * (2 * n)
        shape[i] = outs[i]
        shape[n + i] = kernel[i]
        pos = pos.reshape(shape)
        idx = idx * sizes[i] + pos.clamp(0, sizes[i] - 1)
        inside = inside & (pos >= 0) & (pos < sizes[i])
        padded = padded & (pos >= -padding[i]) & (pos < sizes[i] + padding[i])
    total_out = 1
    total_k = 1
    for i in range(n):
        total_out = total_out * outs[i]
        total_k = total_k * kernel[i]
    full = [outs[i] for i in range(n)] + [kernel[i] for i in range(n)]
    return (idx.expand(full).reshape(total_out, total_k), inside.expand(full).reshape(total_out, total_k),
            padded.expand(full).reshape(total_out, total_k))


def _flat_spatial(t, n):
    return t.reshape(list(t.shape[:t.dim() - n]) + [-1])


def MaxPoolBackward0(grad, result, input, kernel_size, stride, padding, dilation, ceil_mode):
    n = len(kernel_size)
    idx, inside, padded = _window_index(input, result, kernel_size, stride, padding, dilation)
    xf = _flat_spatial(input, n)
    vals = xf[..., idx].masked_fill(~inside, -math.inf)
    pick = vals.argmax(-1, keepdim=True)
    chosen = idx.expand(list(vals.shape)).gather(-1, pick).squeeze(-1)
    gf = zeros_like(xf, dtype=grad.dtype).scatter_add(-1, chosen, _flat_spatial(grad, n))
    return gf.reshape(input.shape), None, None, None, None, None


def AvgPoolBackward0(grad, result, input, kernel_size, stride, padding, ceil_mode, count_include_pad):
    n = len(kernel_size)
    idx, inside, padded = _window_index(input, result, kernel_size, stride, padding, [1] * n)
    counted = padded if count_include_pad else inside
    divisor = counted.sum(-1).clamp(1).to(grad.dtype)
    share = (_flat_spatial(grad, n) / divisor).unsqueeze(-1) * inside.to(grad.dtype)
    gf = zeros_like(_flat_spatial(input, n), dtype=grad.dtype)
    lead = list(share.shape[:share.dim() - 2])
    gf = gf.scatter_add(-1, idx.reshape(-1).expand(lead + [idx.numel()]), share.reshape(lead + [-1]))
    return gf.reshape(input.shape), None, None, None, None, None


def _adaptive_matrix(size, out, dtype):
    # [out, size]: row o averages input positions floor(o*size/out) .. ceil((o+1)*size/out)
    rows = []
    for o in range(out):
        start = (o * size) // out
        end = -((-(o + 1) * size) // out)
        rows.append([1.0 / (end - start) if start <= h and h < end else 0.0 for h in range(size)])
    return tensor(rows, dtype=dtype)


def AdaptiveAvgPoolBackward0(grad, result, input, output_size):
    n = len(output_size)
    g = grad
    for i in range(n):
        ax = input.dim() - n + i
        a = _adaptive_matrix(input.shape[ax], grad.shape[ax], grad.dtype)
        g = (g.transpose(ax, -1) @ a).transpose(ax, -1)
    return g, None


def PadBackward0(grad, result, input, pad, mode, value):
    if mode == "constant":
        return _pad(grad, [-p for p in pad], "constant", 0.0), None, None, None
    # reflect / replicate / circular read input positions: the same padding of
    # the positions themselves says where each output came from; repeats accumulate
    where_from = _pad(arange(input.numel(), dtype=float64).reshape(input.shape), pad, mode, 0.0)
    g = zeros(input.numel(), dtype=grad.dtype).scatter_add(0, where_from.reshape(-1).long(), grad.reshape(-1))
    return g.reshape(input.shape), None, None, None

# ---- sorting: the values are gathered at the indices; their gradient goes back there

def SortBackward0(grad, result, input, dim=-1, descending=False, stable=False):
    values, indices = result
    return zeros_like(input, dtype=grad[0].dtype).scatter(dim, indices, grad[0])


def TopkBackward0(grad, result, input, k, dim=-1, largest=True, sorted=True):
    values, indices = result
    return zeros_like(input, dtype=grad[0].dtype).scatter(dim, indices, grad[0])


def CumprodBackward0(grad, result, input, dim, dtype=None):
    # without zeros in input (torch's general formula handles them; a zero here raises)
    if bool((input == 0).any()):
        raise NotImplementedError("the derivative of cumprod at an input with zeros is not implemented")
    return (grad * result).flip(dim).cumsum(dim).flip(dim) / input


# ---- indexing

def _has_tensor_index(index):
    items = index if isinstance(index, tuple) else (index,)
    for i in items:
        if _is_tensor(i) or isinstance(i, list):
            return True
    return False


def IndexBackward0(grad, result, input, index):
    g = zeros_like(input, dtype=grad.dtype)
    if not _has_tensor_index(index):
        g[index] = grad
        return g, None
    items = index if isinstance(index, tuple) else (index,)
    first = items[0]
    if len(items) == 1 and not isinstance(first, list) and first.dtype != _BOOL:
        # w[idx]: rows gathered, repeated rows accumulate (embedding)
        flat = first.reshape(-1)
        rows = grad.reshape([flat.shape[0]] + list(input.shape[1:]))
        return g.index_add(0, flat, rows), None
    if len(items) == 1 and _is_tensor(first) and first.dtype == _BOOL:
        g[first] = grad
        return g, None
    # ints and index tensors on the leading dims (x[rows, cols]): flat positions, repeats accumulate
    lead = 1
    flat = zeros([], dtype=int64)
    for k in range(len(items)):
        i = items[k]
        if not (isinstance(i, int) or isinstance(i, list) or (_is_tensor(i) and i.dtype != _BOOL)):
            raise NotImplementedError("the derivative of indexing that mixes index tensors with slices is not "
                                      "implemented; index one dimension at a time, or use gather")
        t = i if _is_tensor(i) else tensor(i)
        flat = flat * input.shape[k] + t % input.shape[k]
        lead = lead * input.shape[k]
    rest = list(input.shape[len(items):])
    g = zeros([lead] + rest, dtype=grad.dtype).index_add(0, flat.reshape(-1), grad.reshape([-1] + rest))
    return g.reshape(input.shape), None


def IndexPutBackward0(grad, result, input, index, value):
    # value's data is not read (an in-place update of it after this is fine, as torch's CopySlices)
    gi = grad.clone()
    gi[index] = 0
    return gi, None, grad[index]


def GatherBackward0(grad, result, input, dim, index):
    return zeros_like(input, dtype=grad.dtype).scatter_add(dim, index, grad), None, None


def IndexSelectBackward0(grad, result, input, dim, index):
    return zeros_like(input, dtype=grad.dtype).index_add(dim, index, grad), None, None


def ScatterBackward0(grad, result, input, dim, index, src=None, value=None, reduce=None):
    gs = grad.gather(dim, index) if _is_tensor(src) else None
    return grad.scatter(dim, index, 0.0), None, None, gs, None, None


def ScatterAddBackward0(grad, result, input, dim, index, src):
    return grad, None, None, grad.gather(dim, index)


def IndexAddBackward0(grad, result, input, dim, index, source, alpha=1):
    gs = grad.index_select(dim, index)
    if source.dim() == 0:
        gs = gs.reshape([])
    return grad, None, None, gs if alpha == 1 else gs * alpha, None


# ---- in place

def ViewUpdateBackward(grad, result, input, view, op, args, kwargs):
    # an in-place update of a view over all of input (reshape, transpose, ...):
    # input's old values are all replaced; the view's gradient is grad seen
    # through the same view
    if op == "T" or op == "mT":
        return None, getattr(grad, op)
    names = {"view": "reshape", "view_as": "reshape_as"}  # grad need not be contiguous
    return None, getattr(grad, names.get(op, op))(*args, **kwargs)


def FillBackward0(grad, result, input, value):
    return _zeros(grad), grad.sum() if _is_tensor(value) else None


def CopyBackwards(grad, result, input, src, non_blocking=False):
    return _zeros(grad), grad, None


__derivatives(
    add=AddBackward0, sub=SubBackward0, mul=MulBackward0, div=DivBackward0, true_divide=DivBackward0,
    pow=PowBackward0, remainder=RemainderBackward0, neg=NegBackward0, negative=NegBackward0,
    exp=ExpBackward0, exp2=Exp2Backward0, expm1=Expm1Backward0, log=LogBackward0, log2=Log2Backward0,
    log1p=Log1PBackward0, sqrt=SqrtBackward0, rsqrt=RsqrtBackward0, reciprocal=ReciprocalBackward0,
    sin=SinBackward0, cos=CosBackward0, tan=TanBackward0, tanh=TanhBackward0, sigmoid=SigmoidBackward0,
    sinh=SinhBackward0, cosh=CoshBackward0, asin=AsinBackward0, acos=AcosBackward0, atan=AtanBackward0,
    asinh=AsinhBackward0, acosh=AcoshBackward0, atanh=AtanhBackward0, erf=ErfBackward0, erfc=ErfcBackward0,
    abs=AbsBackward0, relu=ReluBackward0, gelu=GeluBackward0, atan2=Atan2Backward0,
    maximum=MaximumBackward0, minimum=MinimumBackward0, where=WhereBackward0, clamp=ClampBackward1,
    clip=ClampBackward1, lerp=LerpBackward0, masked_fill=MaskedFillBackward0, nan_to_num=NanToNumBackward0,
    floor=ZeroGradBackward, ceil=ZeroGradBackward, trunc=ZeroGradBackward, round=ZeroGradBackward,
    sign=ZeroGradBackward, sgn=ZeroGradBackward,
    to=ToCopyBackward0, type=ToCopyBackward0, type_as=ToCopyBackward0, float=ToCopyBackward0,
    double=ToCopyBackward0, contiguous=CloneBackward0, clone=CloneBackward0,
    sum=SumBackward0, mean=MeanBackward0, prod=ProdBackward0, max=MaxBackward1, min=MinBackward1,
    amax=AmaxBackward0, amin=AmaxBackward0, logsumexp=LogsumexpBackward0, var=VarBackward0,
    std=StdBackward0, norm=NormBackward1, softmax=SoftmaxBackward0, log_softmax=LogSoftmaxBackward0,
    cumsum=CumsumBackward0, cumprod=CumprodBackward0, sort=SortBackward0, topk=TopkBackward0,
    matmul=MmBackward0, mm=MmBackward0, bmm=MmBackward0, dot=DotBackward0, outer=OuterBackward0,
    einsum=EinsumBackward0,
    _conv=ConvolutionBackward0, _max_pool=MaxPoolBackward0, _avg_pool=AvgPoolBackward0,
    _adaptive_avg_pool=AdaptiveAvgPoolBackward0, _pad=PadBackward0,
    transpose=TransposeBackward0, swapaxes=TransposeBackward0, t=TBackward0, permute=PermuteBackward0,
    T=ReverseDimsBackward, mT=MTBackward,
    reshape=ViewBackward0, view=ViewBackward0, flatten=ViewBackward0, squeeze=ViewBackward0,
    unsqueeze=ViewBackward0, expand=ExpandBackward0, broadcast_to=ExpandBackward0,
    expand_as=AsStridedBackward, reshape_as=AsStridedBackward, view_as=AsStridedBackward,
    cat=CatBackward0, concat=CatBackward0, stack=StackBackward0, split=SplitBackward0, chunk=ChunkBackward0,
    unbind=UnbindBackward0, narrow=NarrowBackward0, flip=FlipBackward0, roll=RollBackward0,
    repeat=RepeatBackward0, repeat_interleave=RepeatInterleaveBackward0, square=SquareBackward0, tril=TrilBackward0, triu=TriuBackward0, diag=DiagBackward0,
    __getitem__=IndexBackward0, __setitem__=IndexPutBackward0, __view_update=ViewUpdateBackward,
    gather=GatherBackward0, index_select=IndexSelectBackward0, scatter=ScatterBackward0,
    scatter_add=ScatterAddBackward0, index_add=IndexAddBackward0,
    zero_=ZeroGradBackward, fill_=FillBackward0, copy_=CopyBackwards,
    # not differentiable: their results never require grad
    detach=None, zeros_like=None, ones_like=None, full_like=None, rand_like=None, randn_like=None,
    new_zeros=None, new_ones=None, new_empty=None, new_full=None, new_tensor=None, bernoulli_=None,
    uniform_=None, normal_=None, multinomial=None, argsort=None,
)
# ---- functions written in TensorScript with a rule of their own: one node,
# torch's name, and the stable formula torch differentiates (the losses)

def _loss_grad(grad, d, reduction):
    # the gradient of reduce(l) with respect to l, times dl (d: dl/dinput)
    if reduction == "mean":
        return grad * d / d.numel()
    if reduction == "sum":
        return grad * d
    return grad * d


def MseLossBackward0(grad, result, input, target, reduction="mean"):
    g = _loss_grad(grad, 2 * (input - target), reduction)
    return g, -g


def L1LossBackward0(grad, result, input, target, reduction="mean"):
    g = _loss_grad(grad, sign(input - target), reduction)
    return g, -g


def SmoothL1LossBackward0(grad, result, input, target, reduction="mean", beta=1.0):
    d = input - target
    dl = where(d.abs() < beta, d / beta, sign(d)) if beta > 0 else sign(d)
    g = _loss_grad(grad, dl, reduction)
    return g, -g


def HuberLossBackward0(grad, result, input, target, reduction="mean", delta=1.0):
    d = input - target
    g = _loss_grad(grad, where(d.abs() < delta, d, delta * sign(d)), reduction)
    return g, -g


def BinaryCrossEntropyBackward0(grad, result, input, target, weight=None, reduction="mean"):
    eps = 1e-12
    dl = (input - target) / ((1 - input) * input).clamp(min=eps)
    if weight is not None:
        dl = dl * weight
    return _loss_grad(grad, dl, reduction), None, None


def BinaryCrossEntropyWithLogitsBackward0(grad, result, input, target, weight=None, reduction="mean", pos_weight=None):
    if pos_weight is not None:
        lw = (pos_weight - 1) * target + 1
        dl = (1 - target) - lw * (1 - sigmoid(input))
    else:
        dl = sigmoid(input) - target
    if weight is not None:
        dl = dl * weight
    return _loss_grad(grad, dl, reduction), None, None


def NllLossBackward0(grad, result, input, target, weight=None, ignore_index=-100, reduction="mean"):
    keep = target != ignore_index
    safe = where(keep, target, zeros_like(target))
    w = keep.to(input.dtype)
    if weight is not None:
        w = w * weight[safe]
    if reduction == "mean":
        scale = grad / w.sum()
    elif reduction == "sum":
        scale = grad
    else:
        scale = grad
    g = zeros_like(input).scatter(1, safe.unsqueeze(1), (-w * scale).unsqueeze(1))
    return g, None, None


__composite_derivatives(
    nn.mse_loss, MseLossBackward0, nn.l1_loss, L1LossBackward0, nn.smooth_l1_loss, SmoothL1LossBackward0,
    nn.huber_loss, HuberLossBackward0, nn.binary_cross_entropy, BinaryCrossEntropyBackward0,
    nn.binary_cross_entropy_with_logits, BinaryCrossEntropyWithLogitsBackward0, nn.nll_loss, NllLossBackward0,
)
__autograd_hooks(reduce_grad=_reduce_grad)
