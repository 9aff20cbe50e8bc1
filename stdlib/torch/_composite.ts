# torch functions written in TensorScript from the tensor builtins: the
# tracer inlines them (fusion makes an elementwise one a single loop) and the
# interpreter runs the same code, so both modes compute the same expression.
# stdlib/torch.ts exports each as torch.NAME (and the ones torch also has as
# methods as x.NAME(...): __tensor_methods at its end). Each is checked
# against PyTorch by the differential op test (tests/e2e/ops_structured.py).


_BOOL = zeros(0, dtype=bool).dtype


# ---- elementwise

# Base-10 logarithm: log(x) times 1/ln(10), within 2 ulp of torch.log10.
def log10(input):
    return log(input) * 0.43429448190325176

# The fractional part, x - trunc(x) (the sign of x).
def frac(input):
    return input - trunc(input)

# The sign of each element (sign, for real tensors).
def sgn(input):
    return sign(input)

# The normalised sinc, sin(pi x) / (pi x), 1 at 0.
def sinc(input):
    x = input * 3.141592653589793
    return where(input == 0, 1.0, sin(x) / x)

# sqrt(a^2 + b^2) per element, without overflow for large a and b.
def hypot(input, other):
    a = abs(input)  # m * sqrt(1 + (n / m)^2) for m = max(|a|, |b|), n the other
    b = abs(other)
    m = maximum(a, b)
    n = minimum(a, b)
    q = n / where(m == 0, 1.0, m)
    r = m * sqrt(1.0 + q * q)
    return where(isinf(m), m, r)

# x * log(y), 0 where x is 0 (even where y is 0), nan where y is nan.
def xlogy(input, other):
    r = where(input == 0, 0.0, input * log(other))
    return where(isnan(other), other * 1.0, r)

# The C remainder of input / other: the sign of input (remainder has the divisor's).
def fmod(input, other):
    r = remainder(input, other)
    return where((r != 0) & ((r < 0) != (input < 0)), r - other, r)

# The inverse error function: Giles' single-precision approximation (float64: then a Newton step on erf).
def erfinv(input):
    x = input if input.is_floating_point() else input.float()
    w = -log((1.0 - x) * (1.0 + x))
    a = w - 2.5
    p = 2.81022636e-08
    for c in [3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503,
              -0.00417768164, 0.246640727, 1.50140941]:
        p = c + p * a
    b = sqrt(w) - 3.0
    q = -0.000200214257
    for c in [0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613,
              0.00943887047, 1.00167406, 2.83297682]:
        q = c + q * b
    y = where(w < 5.0, p, q) * x
    if x.dtype == float64:  # to double precision (in float32 the step would add erf's rounding)
        inner = abs(x) < 1
        ys = where(inner, y, 0.0)
        y = where(inner, ys - (erf(ys) - x) / (1.1283791670955126 * exp(-ys * ys)), y)
    return where(abs(x) == 1, x * float("inf"), y)

# input + value * tensor1 * tensor2 (Adam's second-moment update).
def addcmul(input, tensor1, tensor2, *, value=1):
    return input + value * (tensor1 * tensor2)

# input + value * tensor1 / tensor2 (Adam's step).
def addcdiv(input, tensor1, tensor2, *, value=1):
    return input + value * (tensor1 / tensor2)

# abs(input - other) <= atol + rtol * abs(other), elementwise, as bool.
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    close = input == other
    if equal_nan:
        close = close | (isnan(input) & isnan(other))
    actual = abs(input - other)
    allowed = atol + abs(rtol * other)
    return close | (~(isnan(actual) | isinf(actual)) & (actual <= allowed))


# ---- products

def _scaled_sum(input, product, beta, alpha):
    # beta * input + alpha * product; beta == 0 ignores input (its nan and inf too), as torch
    if alpha != 1:
        product = product * alpha
    if beta == 0:
        return product + zeros_like(input)
    if beta != 1:
        input = input * beta
    return input + product

# beta * input + alpha * (mat1 @ mat2); beta 0 ignores input (its nan and inf too).
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    return _scaled_sum(input, matmul(mat1, mat2), beta, alpha)

# beta * input + alpha * (mat @ vec).
def addmv(input, mat, vec, *, beta=1, alpha=1):
    return _scaled_sum(input, matmul(mat, vec), beta, alpha)

# beta * input + alpha * (batch1 @ batch2), batched.
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    return _scaled_sum(input, matmul(batch1, batch2), beta, alpha)

def _dim_list(d, rank):
    if isinstance(d, int):
        d = [d]
    return [k % rank for k in d]

# The sum of products over the given dims of a and b (an int: the last dims of a with the first of b).
def tensordot(a, b, dims=2):
    ra = a.dim()
    rb = b.dim()
    if isinstance(dims, int):
        da = list(range(ra - dims, ra))
        db = list(range(dims))
    else:
        da = _dim_list(dims[0], ra)
        db = _dim_list(dims[1], rb)
    fa = [d for d in range(ra) if d not in da]
    fb = [d for d in range(rb) if d not in db]
    n = 1
    for d in da:
        n = n * a.shape[d]
    ma = 1
    for d in fa:
        ma = ma * a.shape[d]
    mb = 1
    for d in fb:
        mb = mb * b.shape[d]
    am = a.permute(*(fa + da)).reshape(ma, n)
    bm = b.permute(*(db + fb)).reshape(n, mb)
    return matmul(am, bm).reshape([a.shape[d] for d in fa] + [b.shape[d] for d in fb])

# The Kronecker product.
def kron(input, other):
    r = max(input.dim(), other.dim())
    sa = [1] * (r - input.dim()) + list(input.shape)
    sb = [1] * (r - other.dim()) + list(other.shape)
    a = input.reshape([s for k in range(r) for s in (sa[k], 1)])
    b = other.reshape([s for k in range(r) for s in (1, sb[k])])
    return (a * b).reshape([sa[k] * sb[k] for k in range(r)])

# The cross product along a dim of size 3 (torch 1.13's default: the first such dim).
def cross(input, other, dim=None):
    if dim is None:  # torch 1.13: the first dimension of size 3
        for d in range(input.dim()):
            if input.shape[d] == 3:
                dim = d
                break
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    if input.shape[dim] != 3:
        raise RuntimeError("inputs dimension " + str(dim) + " must have length 3")
    a0, a1, a2 = input.unbind(dim)
    b0, b1, b2 = other.unbind(dim)
    return stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], dim)

# The p-norm distance of every row of x1 to every row of x2: [..., P, M] and [..., R, M] give [..., P, R].
def cdist(x1, x2, p=2.0):
    return norm(x1.unsqueeze(-2) - x2.unsqueeze(-3), p, -1)


# ---- reductions

# std and mean in one call, a tuple (std, mean).
def std_mean(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return (std(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim))

# var and mean in one call, a tuple (var, mean).
def var_mean(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return (var(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim))

def _nth_smallest(input, k, dim, keepdim, kind):
    # the k-th smallest along dim (0-based) and its index, from a stable sort
    s = sort(input, dim, stable=True)
    v = s.values.narrow(dim, k, 1)
    i = s.indices.narrow(dim, k, 1)
    if not keepdim:
        v = v.squeeze(dim)
        i = i.squeeze(dim)
    return __return_types(kind, v, i)

# The lower of the two middle values (nan if the slice has a nan); with dim the named pair (values, indices).
def median(input, dim=None, keepdim=False):
    if dim is None:
        flat = input.reshape(-1)
        v = sort(flat).values[(flat.numel() - 1) // 2]
        if not input.is_floating_point():
            return v
        return where(isnan(flat).any(), flat.sum() * float("nan"), v)
    d = dim % max(input.dim(), 1)
    r = _nth_smallest(input, (input.shape[d] - 1) // 2, d, keepdim, "median")
    if not input.is_floating_point():
        return r
    nan = isnan(input)
    first_nan = argmax(nan.int(), d, keepdim)
    has_nan = nan.any(d, keepdim)
    nv = input.sum(d, keepdim) * float("nan")
    return __return_types("median", where(has_nan, nv, r.values), where(has_nan, first_nan, r.indices))

# The k-th smallest value along dim (k from 1) and its index, a named pair (values, indices).
def kthvalue(input, k, dim=-1, keepdim=False):
    d = dim % max(input.dim(), 1)
    n = input.shape[d] if input.dim() > 0 else 1
    if k < 1 or k > n:
        raise RuntimeError("kthvalue(): selected number k out of range for dimension " + str(dim))
    return _nth_smallest(input, k - 1, d, keepdim, "kthvalue")


# ---- indexing and layout

# Values at indices along dim, indices broadcast against input (dim None: of the flattened input).
def take_along_dim(input, indices, dim=None):
    if dim is None:
        return gather(input.reshape(-1), 0, indices.reshape(-1))
    d = dim % input.dim()
    si = list(indices.shape)
    sx = list(input.shape)
    for k in range(input.dim()):
        if k != d:
            m = max(si[k], sx[k])
            si[k] = m
            sx[k] = m
    return gather(input.expand(sx), d, indices.expand(si))

# For each value, how many entries of the sorted sequence are below it (right=True: at or below): its insertion index.
def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None):
    if side is not None:
        right = side == "right"
    seq = sorted_sequence
    if isinstance(input, Tensor) and input.dim() == 0:
        v = input.reshape(1)
    elif isinstance(input, Tensor):
        v = input
    else:
        v = tensor([input], dtype=seq.dtype)
    if seq.dim() == 1:
        s = seq
        w = v.unsqueeze(-1)
    else:
        s = seq.unsqueeze(-2)
        w = v.unsqueeze(-1)
    hits = (s <= w) if right else (s < w)
    r = hits.sum(-1)
    if not isinstance(input, Tensor) or input.dim() == 0:
        r = r.reshape([])
    return r.int() if out_int32 else r

# The bucket of each value among sorted boundaries: searchsorted(boundaries, input).
def bucketize(input, boundaries, *, out_int32=False, right=False):
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)

# The n-th forward difference along dim (bool tensors: !=), after prepend and append.
def diff(input, n=1, dim=-1, prepend=None, append=None):
    x = input
    if prepend is not None:
        x = cat([prepend, x], dim)
    if append is not None:
        x = cat([x, append], dim)
    for _ in range(n):
        m = x.shape[dim] - 1
        if m < 0:
            m = 0
        a = x.narrow(dim, 1, m)
        b = x.narrow(dim, 0, m)
        x = (a != b) if x.dtype == _BOOL else a - b
    return x

# The tensor rotated by k quarter turns in the plane of dims, from the first towards the second.
def rot90(input, k=1, dims=[0, 1]):
    d0 = dims[0]
    d1 = dims[1]
    k = k % 4
    if k == 1:
        return input.flip(d1).transpose(d0, d1)
    if k == 2:
        return input.flip(d0, d1)
    if k == 3:
        return input.flip(d0).transpose(d0, d1)
    return input.clone()

# Coordinate grids from 1-d tensors: indexing "ij" (matrix) or "xy" (Cartesian); expanded views.
def meshgrid(*tensors, indexing="ij"):
    if len(tensors) == 1 and not isinstance(tensors[0], Tensor):
        tensors = tensors[0]
    ts = [t.reshape(-1) for t in tensors]
    n = len(ts)
    if indexing == "xy" and n >= 2:
        shape = [ts[1].numel(), ts[0].numel()] + [t.numel() for t in ts[2:]]
        where_dim = [1, 0] + list(range(2, n))
    elif indexing == "ij" or indexing == "xy":
        shape = [t.numel() for t in ts]
        where_dim = list(range(n))
    else:
        raise ValueError("torch.meshgrid: indexing must be one of \"xy\" or \"ij\"")
    out = []
    for i in range(n):
        view = [1] * n
        view[where_dim[i]] = -1
        out.append(ts[i].reshape(view).expand(shape))
    return tuple(out)

def _triangle_indices(row, col, offset, upper):
    rows = []
    cols = []
    for i in range(row):
        for j in range(col):
            if (j - i >= offset) if upper else (j - i <= offset):
                rows.append(i)
                cols.append(j)
    return tensor([rows, cols], dtype=int64).reshape(2, len(rows))

# The [2, N] int64 row and column indices of the upper triangle of a row x col matrix.
def triu_indices(row, col, offset=0):
    return _triangle_indices(row, col, offset, True)

# The [2, N] int64 row and column indices of the lower triangle of a row x col matrix.
def tril_indices(row, col, offset=0):
    return _triangle_indices(row, col, offset, False)


# The slices of `size` elements every `step` along dimension, as a new last
# dim (Tensor.unfold: a copy, where torch's is a view).
def _tensor_unfold(self, dimension, size, step):
    d = dimension % max(self.dim(), 1)
    count = (self.shape[d] - size) // step + 1
    if count < 0:
        count = 0
    idx = (arange(count) * step).unsqueeze(1) + arange(size)
    shape = list(self.shape)
    shape = shape[:d] + [count, size] + shape[d + 1:]
    x = self.index_select(d, idx.reshape(-1)).reshape(shape)
    return x.permute(*([k for k in range(len(shape)) if k != d + 1] + [d + 1]))

# The shape input and mask broadcast to (masked_select, masked_scatter).
def _mask_shape(input, mask):
    return (input * 0 + mask * 0).shape if input.dim() or mask.dim() else input.shape

# The elements of input where mask (broadcast with it) is True, as a 1-d tensor.
def masked_select(input, mask):
    shape = _mask_shape(input, mask)
    return input.expand(shape)[mask.expand(shape)]

# input (broadcast with mask) with the positions where mask is True filled,
# in row-major order, by consecutive elements of source: each True takes
# source.flatten()[the number of Trues before it]. A source with fewer
# elements than mask has Trues is an IndexError (torch: RuntimeError).
def masked_scatter(input, mask, source):
    if source.dtype != input.dtype:
        raise RuntimeError(f"masked_scatter: expected self and source to have same dtypes but got "
                           f"{input.dtype} and {source.dtype}")
    shape = _mask_shape(input, mask)
    m = mask.expand(shape)
    before = m.reshape(-1).long().cumsum(0) - 1
    taken = source.reshape(-1)[before.clamp(min=0)].reshape(shape)
    return where(m, taken, input.expand(shape))

# How often each value 0, 1, ... occurs in a 1-d int tensor (or the sum of its weights).
def bincount(input, weights=None, minlength=0):
    n = minlength
    if input.numel() > 0:
        n = max(int(input.max()) + 1, minlength)
    if weights is None:
        return zeros(n, dtype=int64).index_add_(0, input, ones_like(input, dtype=int64))
    w = weights if weights.dtype == float32 else weights.to(float64)
    return zeros(n, dtype=w.dtype).index_add_(0, input, w)

# The sorted distinct values of the flattened input, with the inverse
# indices and the counts when asked for (no dim=: unique rows are not supported).
def unique(input, sorted=True, return_inverse=False, return_counts=False):
    flat = input.reshape(-1)
    s = sort(flat, stable=True)
    v = s.values
    keep = ones(v.shape[0], dtype=_BOOL)
    if v.shape[0] > 1:
        keep = cat([ones(1, dtype=_BOOL), v[1:] != v[:-1]])
    out = v[keep]
    if not return_inverse and not return_counts:
        return out
    group = keep.long().cumsum(0) - 1
    r = [out]
    if return_inverse:
        r.append(zeros(flat.shape[0], dtype=int64).scatter_(0, s.indices, group).reshape(input.shape))
    if return_counts:
        r.append(zeros(out.shape[0], dtype=int64).index_add_(0, group, ones_like(group)))
    return tuple(r)


# ---- creation and random draws

# A tensor shaped like input: zero-filled, where torch leaves the memory uninitialised.
def empty_like(input, dtype=None):
    return zeros_like(input, dtype=dtype)

# Draws from normal distributions: randn * std + mean (torch's formula and, after manual_seed, its numbers).
def normal(mean, std=1.0, size=None, *, generator=None):
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        m = mean if isinstance(mean, Tensor) else full_like(std, mean)
        s = std if isinstance(std, Tensor) else full_like(mean, std)
        shape = (m * 0 + s * 0).shape
        return randn(shape, dtype=(m * 0 + s * 0).dtype, generator=generator) * s + m
    return randn(size, generator=generator) * std + mean

# Random integers in [low, high) shaped like input, in its dtype: torch's draws after manual_seed.
def randint_like(input, low, high=None, *, dtype=None, generator=None):
    if high is None:
        high = low
        low = 0
    return randint(low, high, input.shape, dtype=input.dtype if dtype is None else dtype, generator=generator)

# 1 where a uniform draw is below the probability (input, or p), else 0: torch's draws after manual_seed.
def bernoulli(input, p=None, *, generator=None):
    # as torch: the draws in input's dtype for p None, in float64 for a float p
    if p is None:
        return (rand(input.shape, dtype=input.dtype, generator=generator) < input).to(input.dtype)
    return (rand(input.shape, dtype=float64, generator=generator) < p).to(input.dtype)


# ---- in-place methods of the functions above: x.NAME_(...) is
# x.copy_(NAME(x, ...)), which returns x

# In place: x += value * tensor1 * tensor2.
def addcmul_(self, tensor1, tensor2, *, value=1):
    return self.copy_(addcmul(self, tensor1, tensor2, value=value))

# In place: masked_scatter(x, mask, source); mask broadcasts to x's shape.
def masked_scatter_(self, mask, source):
    return self.copy_(masked_scatter(self, mask, source))

# In place: x += value * tensor1 / tensor2.
def addcdiv_(self, tensor1, tensor2, *, value=1):
    return self.copy_(addcdiv(self, tensor1, tensor2, value=value))

# In place: x = beta * x + alpha * (mat1 @ mat2).
def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    return self.copy_(addmm(self, mat1, mat2, beta=beta, alpha=alpha))

# In place: x = beta * x + alpha * (batch1 @ batch2).
def baddbmm_(self, batch1, batch2, *, beta=1, alpha=1):
    return self.copy_(baddbmm(self, batch1, batch2, beta=beta, alpha=alpha))

# In place: x = log10(x).
def log10_(self):
    return self.copy_(log10(self))

# In place: x = frac(x).
def frac_(self):
    return self.copy_(frac(self))

# In place: x = hypot(x, other).
def hypot_(self, other):
    return self.copy_(hypot(self, other))

# In place: x = xlogy(x, other).
def xlogy_(self, other):
    return self.copy_(xlogy(self, other))

# In place: each element 1 with probability p (a float or a tensor), else 0.
def bernoulli_(self, p=0.5, *, generator=None):
    if isinstance(p, Tensor):
        return self.copy_(bernoulli(p.expand(self.shape).to(self.dtype), generator=generator))
    return self.copy_(bernoulli(self, p, generator=generator))

# In place: x = fmod(x, other).
def fmod_(self, other):
    return self.copy_(fmod(self, other))

# In place: x = erfinv(x).
def erfinv_(self):
    return self.copy_(erfinv(self))


# ---- shapes

# Dimension `dim` split into `sizes` (one may be -1): a reshape.
def unflatten(input, dim, sizes):
    d = dim + input.dim() if dim < 0 else dim
    return input.reshape(tuple(input.shape[:d]) + tuple(sizes) + tuple(input.shape[d + 1:]))


# Dimensions dim1 and dim2 moved to the end: the `offset` diagonal of each
# matrix they make (a copy, where torch's is a view).
def diagonal(input, offset=0, dim1=0, dim2=1):
    n = input.dim()
    d1, d2 = dim1 % n, dim2 % n
    x = input.permute([d for d in range(n) if d != d1 and d != d2] + [d1, d2])
    x = x[..., :, offset:] if offset >= 0 else x[..., -offset:, :]
    k = min(x.shape[-2], x.shape[-1])
    return x[..., :k, :k].reshape(tuple(x.shape[:-2]) + (k * k,))[..., ::k + 1]


# ---- constructors

# torch.Tensor(2, 3) and torch.Tensor([1, 2]), torch's legacy constructor
# (the builtin Tensor, called, calls it: torch.ts's __tensor_methods(__new__=...)):
# sizes give a zero-filled float32 tensor (torch leaves it uninitialised),
# data a float32 tensor whatever the numbers' type (a torch.Size is data
# here, where torch reads it as sizes). torch.FloatTensor and the other
# typed spellings (torch.ts) are the same with their dtype.
def _legacy_tensor(*args, dtype=float32):
    if len(args) == 0:
        return zeros(0, dtype=dtype)
    if len(args) == 1:
        data = args[0]
        if isinstance(data, Tensor):
            return data.to(dtype)
        if not isinstance(data, int):
            return tensor(data, dtype=dtype)
    return zeros(*args, dtype=dtype)

# torch.Size(sizes): the shape tuple `x.shape` is (a view of one element,
# expanded: nothing allocated); torch.Size() is the empty one.
def Size(*args):
    sizes = tuple(args[0]) if len(args) > 0 else ()
    if len(sizes) == 0:
        return zeros(()).shape
    return zeros(1).expand(*sizes).shape
