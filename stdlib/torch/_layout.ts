# torch's stacking, splitting and dimension-moving functions written in
# TensorScript from the tensor builtins (as stdlib/torch/_composite.ts's).
# stdlib/torch.ts exports each as torch.NAME and, where torch has it, as the
# method x.NAME; tests/e2e/ops_structured.py checks each against PyTorch.
import nn
from torch._composite import meshgrid


# The dtype torch's type promotion gives two tensors of these dtypes.
def promote_types(type1, type2):
    return (zeros(1, dtype=type1) + zeros(1, dtype=type2)).dtype


def _dims_list(d):
    return [d] if isinstance(d, int) else list(d)

# Dimensions `source` moved to positions `destination`, the others in order.
def movedim(input, source, destination):
    n = input.dim()
    src = [s % n for s in _dims_list(source)]
    dst = [d % n for d in _dims_list(destination)]
    if len(src) != len(dst):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({source} dims) should contain "
                           f"the same number of dims as destination ({destination} dims)")
    rest = [d for d in range(n) if d not in src]
    order = [-1] * n
    for s, d in zip(src, dst):
        order[d] = s
    k = 0
    for i in range(n):
        if order[i] < 0:
            order[i] = rest[k]
            k += 1
    return input.permute(order)

def moveaxis(input, source, destination):
    return movedim(input, source, destination)

# input[..., index, ...] along dim: that dimension removed.
def select(input, dim, index):
    return input.narrow(dim, index % input.shape[dim], 1).squeeze(dim)

# At least 1, 2 or 3 dimensions (a tensor, or each of several, a tuple).
def _atleast(tensors, n):
    if len(tensors) == 1 and not isinstance(tensors[0], Tensor):
        tensors = tuple(tensors[0])
    out = []
    for t in tensors:
        if t.dim() == 0:
            t = t.reshape([1] * n)
        elif t.dim() == 1 and n >= 2:
            t = t.unsqueeze(0)
        if t.dim() == 2 and n == 3:
            t = t.unsqueeze(-1)
        out.append(t)
    return out[0] if len(out) == 1 else tuple(out)

def atleast_1d(*tensors):
    return _atleast(tensors, 1)

def atleast_2d(*tensors):
    return _atleast(tensors, 2)

def atleast_3d(*tensors):
    return _atleast(tensors, 3)

# cat along dim 1 (dim 0 for 1-d tensors), dim 0 of the 2-d forms, dim 2 of
# the 3-d forms, and column_stack's columns.
def hstack(tensors):
    ts = [atleast_1d(t) for t in tensors]
    return cat(ts, 0 if ts[0].dim() == 1 else 1)

def vstack(tensors):
    return cat([atleast_2d(t) for t in tensors], 0)

def dstack(tensors):
    return cat([atleast_3d(t) for t in tensors], 2)

def column_stack(tensors):
    return cat([t.reshape(-1, 1) if t.dim() <= 1 else t for t in tensors], 1)

# Splits along dim into `indices_or_sections` near-equal parts (the first
# ones one longer), or at the given indices.
def tensor_split(input, indices_or_sections, dim=0):
    n = input.shape[dim]
    if isinstance(indices_or_sections, int):
        k = indices_or_sections
        cuts = []
        for i in range(1, k):
            cuts.append(i * (n // k) + min(i, n % k))
    else:
        cuts = list(indices_or_sections)
    bounds = [0] + [min(max(c, 0), n) for c in cuts] + [n]
    return tuple(input.narrow(dim, bounds[i], max(bounds[i + 1] - bounds[i], 0)) for i in range(len(bounds) - 1))

# The matrices (2-d, 1-d as a row, 0-d as 1x1) on the diagonal of one matrix.
def block_diag(*tensors):
    ms = [t.reshape(1, -1) if t.dim() < 2 else t for t in tensors]
    cols = 0
    for m in ms:
        cols += m.shape[1]
    dtype = ms[0].dtype
    for m in ms[1:]:
        dtype = promote_types(dtype, m.dtype)
    rows = []
    left = 0
    for m in ms:
        c = m.shape[1]
        rows.append(nn.pad(m.to(dtype), (left, cols - left - c)))
        left += c
    return cat(rows, 0)

# Every combination of one element from each 1-d tensor, as rows.
def cartesian_prod(*tensors):
    if len(tensors) == 1:
        return tensors[0]
    grids = meshgrid(*tensors, indexing="ij")
    return stack([g.reshape(-1) for g in grids], 1)

# Columns x^(N-1) ... x^0 (increasing=True: x^0 ... x^(N-1)).
def vander(x, N=None, increasing=False):
    n = x.shape[0] if N is None else N
    powers = [x.unsqueeze(1) ** i for i in range(n)] if n > 0 else []
    if not increasing:
        powers = powers[::-1]
    if n == 0:
        return x.unsqueeze(1)[:, :0]
    return cat(powers, 1)
