# torch's scans, quantiles and further reductions written in TensorScript
# from the tensor builtins (as stdlib/torch/_composite.ts's). stdlib/torch.ts
# exports each as torch.NAME and, where torch has it, as the method x.NAME;
# tests/e2e/ops_structured.py checks each against PyTorch.
import math
from torch._elementwise import logaddexp
from torch._composite import median


# x shifted `k` places along dim (the first k positions filled with `fill`).
def _shifted(x, k, dim, fill):
    n = x.shape[dim]
    pad_shape = list(x.shape)
    pad_shape[dim] = min(k, n)
    head = full(pad_shape, fill, dtype=x.dtype)
    return cat([head, x.narrow(dim, 0, n - min(k, n))], dim)

# An inclusive scan along dim with an associative `combine`, in log2(n)
# doubling steps (Hillis-Steele).
def _scan(x, dim, combine, fill):
    n = x.shape[dim]
    k = 1
    while k < n:
        x = combine(_shifted(x, k, dim, fill), x)
        k *= 2
    return x

# log(cumsum(exp(input))) along dim, stably (a scan of logaddexp).
def logcumsumexp(input, dim):
    return _scan(input, dim, logaddexp, -math.inf)

# The running maximum (minimum) along dim and the index where it was last
# attained, as torch's cummax / cummin return them (values, indices).
def _cum_extreme(input, dim, take_right):
    d = dim % input.dim() if input.dim() > 0 else 0
    shape = [1] * input.dim()
    if input.dim() > 0:
        shape[d] = input.shape[d]
    idx = arange(input.shape[d] if input.dim() > 0 else 1).reshape(shape).expand(input.shape)
    vals = input
    n = input.shape[d] if input.dim() > 0 else 1
    k = 1
    while k < n:
        lv = _shifted(vals, k, d, 0)
        li = _shifted(idx, k, d, -1)
        right = take_right(lv, vals) | (li < 0)
        vals = where(right, vals, lv)
        idx = where(right, idx, li)
        k *= 2
    return vals, idx

def cummax(input, dim):
    v, i = _cum_extreme(input, dim, lambda left, right: (right >= left) | isnan(right))
    return __return_types("cummax", v, i)

def cummin(input, dim):
    v, i = _cum_extreme(input, dim, lambda left, right: (right <= left) | isnan(right))
    return __return_types("cummin", v, i)

# (min, max) over dim (everything when None): torch.return_types.aminmax.
def aminmax(input, *, dim=None, keepdim=False):
    if dim is None:
        return __return_types("aminmax", amin(input), amax(input))
    return __return_types("aminmax", amin(input, dim, keepdim=keepdim), amax(input, dim, keepdim=keepdim))

# The most frequent value along dim (ties: the smallest; each NaN counts
# once, where torch's grouping of NaNs is unspecified) and the index of its
# last occurrence, as torch.mode. From a stable sort:
# each element's run of equal neighbours starts at the running maximum of
# run starts and ends at the running minimum (from the right) of run ends,
# so it costs a sort and two scans, not n^2 comparisons.
def mode(input, dim=-1, keepdim=False):
    if input.dim() == 0:
        return __return_types("mode", input.clone(), zeros((), dtype=int64))
    d = dim % input.dim()
    x = input.movedim(d, -1)
    n = x.shape[-1]
    s = sort(x, -1, stable=True)
    sv = s.values
    pos = arange(n).expand(sv.shape)
    starts = cat([ones(list(sv.shape[:-1]) + [1], dtype=bool), sv[..., 1:] != sv[..., :-1]], -1)
    ends = cat([starts[..., 1:], ones(list(sv.shape[:-1]) + [1], dtype=bool)], -1)
    first = cummax(where(starts, pos, 0), -1).values
    last = cummin(where(ends, pos, n - 1).flip(-1), -1).values.flip(-1)
    runs = last - first + 1
    at = argmax((runs == amax(runs, -1, keepdim=True)).to(int64), -1, keepdim=True)
    values = sv.gather(-1, at)
    indices = s.indices.gather(-1, last.gather(-1, at))
    if keepdim:
        return __return_types("mode", values.movedim(-1, d), indices.movedim(-1, d))
    return __return_types("mode", values.squeeze(-1), indices.squeeze(-1))

# The median ignoring NaNs (the lower middle of each slice's numbers; NaN
# only for a slice of NaNs), as torch.nanmedian: NaNs sort last, so the
# k-th smallest of each slice's count of numbers is one gather.
def nanmedian(input, dim=None, keepdim=False):
    if not input.is_floating_point():
        return median(input) if dim is None else median(input, dim, keepdim)
    if dim is None:
        flat = input.reshape(-1)
        c = (~isnan(flat)).sum()
        k = where(c > 0, (c - 1) // 2, 0).reshape(1)
        return sort(flat).values.gather(0, k).reshape(())
    d = dim % max(input.dim(), 1)
    x = input if input.dim() > 0 else input.reshape(1)
    s = sort(x, d, stable=True)
    c = (~isnan(x)).sum(d, keepdim=True)
    k = where(c > 0, (c - 1) // 2, 0)
    values = s.values.gather(d, k)
    indices = s.indices.gather(d, k)
    if not keepdim or input.dim() == 0:
        values = values.squeeze(d)
        indices = indices.squeeze(d)
    if input.dim() == 0:
        values = values.reshape(())
        indices = indices.reshape(())
    return __return_types("nanmedian", values, indices)

# sum / mean treating NaN as 0 / leaving NaNs out.
def nansum(input, dim=None, keepdim=False, *, dtype=None):
    x = where(isnan(input), 0.0, input)
    if dtype is not None:
        x = x.to(dtype)
    return sum(x, dim, keepdim=keepdim) if dim is not None else sum(x)

def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    keep = (~isnan(input)).to(input.dtype)
    s = nansum(input, dim, keepdim, dtype=dtype)
    c = sum(keep, dim, keepdim=keepdim) if dim is not None else sum(keep)
    return s / c

# The sum of the main diagonal of a 2-d tensor.
def trace(input):
    k = min(input.shape[0], input.shape[1])
    return sum(input[:k, :k].reshape(-1)[::k + 1])

# The p-norm of input - other.
def dist(input, other, p=2):
    return (input - other).norm(p)

# input * beta + alpha * outer(vec1, vec2).
def addr(input, vec1, vec2, *, beta=1, alpha=1):
    o = vec1.unsqueeze(1) * vec2.unsqueeze(0)
    if beta == 0:
        return o * alpha
    return input * beta + o * alpha

# The trapezoid rule along dim, with spacing dx or sample points x.
def trapezoid(y, x=None, *, dx=None, dim=-1):
    n = y.shape[dim]
    mid = (y.narrow(dim, 1, n - 1) + y.narrow(dim, 0, n - 1)) * 0.5
    if x is None:
        return sum(mid, dim) * (1.0 if dx is None else dx)
    dxs = x.narrow(-1 if x.dim() == 1 else dim, 1, n - 1) - x.narrow(-1 if x.dim() == 1 else dim, 0, n - 1)
    if x.dim() == 1 and y.dim() > 1:
        shape = [1] * y.dim()
        shape[dim % y.dim()] = n - 1
        dxs = dxs.reshape(shape)
    return sum(mid * dxs, dim)

def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)

# The q-quantiles along dim (of everything when None): the sorted values
# interpolated between ranks floor and ceil of q (n - 1) ("linear"; "lower",
# "higher", "nearest", "midpoint"). A tensor q puts its dim first.
def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    x = input.reshape(-1) if dim is None else input
    d = 0 if dim is None else dim % input.dim()
    n = x.shape[d]
    s = sort(x, d).values
    qs = q.reshape(-1).to(float64) if isinstance(q, Tensor) else tensor([float(q)], dtype=float64)
    pos = qs * (n - 1)
    lo = floor(pos)
    hi = ceil(pos)
    if interpolation == "lower":
        hi = lo
    elif interpolation == "higher":
        lo = hi
    elif interpolation == "nearest":
        lo = pos.round()
        hi = lo
    outs = []
    for i in range(qs.shape[0]):
        a = s.index_select(d, lo[i:i + 1].long())
        b = s.index_select(d, hi[i:i + 1].long())
        if interpolation == "midpoint":
            v = a + (b - a) * 0.5
        else:
            v = a + (b - a) * (pos[i:i + 1] - lo[i:i + 1]).to(s.dtype)
        outs.append(v if keepdim and dim is not None else v.squeeze(d))
    if dim is None and keepdim:
        outs = [o.reshape([1] * input.dim()) for o in outs]
    if isinstance(q, Tensor) and q.dim() > 0:
        return stack(outs, 0)
    return outs[0]

# A histogram of `bins` equal bins over [min, max] (the data's range when
# both are 0); values outside are not counted, max goes in the last bin.
def histc(input, bins=100, min=0, max=0):
    x = input.reshape(-1)
    lo = amin(x) if min == 0 and max == 0 else full((), min, dtype=x.dtype)
    hi = amax(x) if min == 0 and max == 0 else full((), max, dtype=x.dtype)
    width = where(hi > lo, hi - lo, 1.0)
    b = clamp(floor((x - lo) / width * bins).long(), 0, bins - 1)
    inside = ((x >= lo) & (x <= hi)).to(x.dtype)
    return zeros(bins, dtype=x.dtype).index_add_(0, b, inside)
