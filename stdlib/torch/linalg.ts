# torch.linalg: norms, Cholesky, LU-based solve, inverse and determinants,
# written with the tensor builtins over the last two dims (any batch dims
# before them). The factorisations loop over the matrix size, which the
# tracer knows, so each is one graph of tensor ops (its size grows with n:
# meant for the small matrices of filters, Gaussian processes and flows).
# Gaussian elimination pivots on the largest |entry| of each column, as
# LAPACK's getrf does, so results agree with torch's to rounding.
# Differences: no eigh, svd, qr, lstsq or matrix_norm's 2/nuc (they raise
# NotImplementedError); cholesky of a matrix that is not positive-definite
# gives NaNs where torch raises (a check would need the data, a graph
# break), and solve/inv of a singular matrix give inf/NaN likewise:
# cholesky_ex and inv_ex report both in their info, as torch's do.
import math
import nn


# ---- norms

# The ord-norm of x over dim (all of x when None): 2 (default), any p,
# inf / -inf (max / min |x|) and 0 (the count of nonzeros).
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    if dim is None:
        dims = tuple(range(x.dim()))
    elif isinstance(dim, int):
        dims = (dim,)
    else:
        dims = tuple(dim)
    a = abs(x)
    if ord == math.inf:
        return amax(a, dims, keepdim=keepdim)
    if ord == -math.inf:
        return amin(a, dims, keepdim=keepdim)
    if ord == 0:
        return sum((a != 0).to(a.dtype), dims, keepdim=keepdim)
    if ord == 1:
        return sum(a, dims, keepdim=keepdim)
    if ord == 2:
        return sqrt(sum(a * a, dims, keepdim=keepdim))
    return sum(a ** ord, dims, keepdim=keepdim) ** (1.0 / ord)

# The norm of the matrices over dim (two dims): "fro" (default), 1 / -1
# (max / min column sum of |A|), inf / -inf (max / min row sum).
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    if dtype is not None:
        A = A.to(dtype)
    r, c = dim[0] % A.dim(), dim[1] % A.dim()
    if ord == "fro":
        return sqrt(sum(A * A, (r, c), keepdim=keepdim))
    if ord == 2 or ord == -2 or ord == "nuc":
        raise NotImplementedError(f"linalg.matrix_norm(ord={ord}) needs singular values, which tcc has not yet")
    if ord == 1 or ord == -1:
        s = sum(abs(A), r, keepdim=True)
        red = c
    else:
        s = sum(abs(A), c, keepdim=True)
        red = r
    out = amax(s, red, keepdim=True) if ord > 0 else amin(s, red, keepdim=True)
    if keepdim:
        return out
    return out.squeeze(max(r, c)).squeeze(min(r, c))

# vector_norm, or matrix_norm when ord is a str or dim names two dims (or
# ord is given for a 2-d input with no dim), as torch.linalg.norm decides.
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    if isinstance(ord, str) or (dim is not None and not isinstance(dim, int) and len(dim) == 2) or \
            (ord is not None and dim is None and A.dim() == 2):
        return matrix_norm(A, "fro" if ord is None else ord, (-2, -1) if dim is None else dim, keepdim, dtype=dtype)
    if ord is None:
        return vector_norm(A, 2, dim, keepdim, dtype=dtype)
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)


# ---- factorisations

def _square(A, name):
    if A.dim() < 2 or A.shape[-1] != A.shape[-2]:
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                           f"{A.shape[-2] if A.dim() > 1 else 1} by {A.shape[-1]} matrices")
    return A.shape[-1]

# L with A = L L^T (upper: U with A = U^T U), column by column.
def cholesky(A, *, upper=False):
    L, _ = _cholesky(A, upper, "cholesky")
    return L

# (L, info) without raising: info (int32, per matrix) is 0, or the order of
# the first leading minor that is not positive-definite, as LAPACK's potrf
# reports it (what GPyTorch's psd_safe_cholesky retries on). Where info > 0,
# L holds NaNs from that column on (torch: potrf's partial factor).
def cholesky_ex(A, *, upper=False, check_errors=False):
    L, pivots = _cholesky(A, upper, "cholesky_ex")
    bad = ~(pivots > 0)
    info = where(bad.any(-1), argmax(bad.to(int32), -1) + 1, 0).to(int32)
    if check_errors and info.any():
        raise RuntimeError("linalg.cholesky_ex: The factorization could not be completed because the input is not positive-definite")
    return __return_types("linalg_cholesky_ex", L, info)

# The factor and the values whose square roots are its diagonal ([..., n]).
def _cholesky(A, upper, name):
    n = _square(A, name)
    cols = []
    pivots = []
    for j in range(n):
        s = A[..., j:, j]
        if j > 0:
            done = stack(cols, -1)  # [..., n, j]
            s = s - (done[..., j:, :] @ done[..., j, :].unsqueeze(-1)).squeeze(-1)
        pivots.append(s[..., 0])
        d = sqrt(s[..., :1])
        cols.append(cat([zeros_like(A[..., :j, j]), d, s[..., 1:] / d], -1))
    L = stack(cols, -1)
    return (L.transpose(-2, -1) if upper else L), stack(pivots, -1)

# Gaussian elimination with partial pivoting of [A | B]: the eliminated
# augmented matrix (U | C) and the sign of the row permutation.
def _eliminate(A, B):
    n = A.shape[-1]
    M = cat([A, B], -1)
    sign = ones_like(A[..., 0, 0])
    eye_n = eye(n, dtype=A.dtype)
    for j in range(n - 1):
        p = argmax(abs(M[..., j:, j]), -1) + j  # the pivot row, per matrix
        e_j = eye_n[j]
        e_p = nn.one_hot(p, n).to(A.dtype)  # [..., n]
        # the permutation swapping rows j and p (the identity when p == j)
        P = eye_n - e_j.unsqueeze(-1) * e_j - e_p.unsqueeze(-1) * e_p.unsqueeze(-2) + \
            e_j.unsqueeze(-1) * e_p.unsqueeze(-2) + e_p.unsqueeze(-1) * e_j
        M = P @ M
        sign = where(p == j, sign, -sign)
        # a zero pivot (a singular matrix) eliminates nothing, as getrf skips
        # the column, so U keeps the zero (det 0, inv_ex's info) and no 0/0
        pivot = M[..., j:j + 1, j]
        factor = where(pivot == 0, 0.0, M[..., j + 1:, j] / where(pivot == 0, 1.0, pivot))
        M = cat([M[..., :j + 1, :], M[..., j + 1:, :] - factor.unsqueeze(-1) * M[..., j:j + 1, :]], -2)
    return M, sign

# X with A X = B (left) or X A = B; B a matrix [..., n, k] or a vector [..., n].
def solve(A, B, *, left=True):
    n = _square(A, "solve")
    if not left:
        return solve(A.transpose(-2, -1), B.transpose(-2, -1)).transpose(-2, -1)
    vector = B.dim() == 1 or (B.dim() == A.dim() - 1 and B.shape[-1] == n)
    if vector:
        B = B.unsqueeze(-1)
    X, _ = _solve(A, B.expand(A.shape[:-2] + B.shape[-2:]) if B.dim() < A.dim() else B)
    return X.squeeze(-1) if vector else X

# X with A X = B (B [..., n, k] with A's batch dims) and the eliminated U.
def _solve(A, B):
    n = A.shape[-1]
    M, _ = _eliminate(A, B)
    U = M[..., :n]
    C = M[..., n:]
    rows = [None] * n
    for i in range(n - 1, -1, -1):
        r = C[..., i, :]
        if i < n - 1:
            r = r - (U[..., i, i + 1:].unsqueeze(-2) @ stack(rows[i + 1:], -2)).squeeze(-2)
        rows[i] = r / U[..., i, i:i + 1]
    return stack(rows, -2), U

# A^-1: solve(A, I).
def inv(A):
    n = _square(A, "inv")
    return solve(A, eye(n, dtype=A.dtype).expand(A.shape))

# (A^-1, info) without raising: info (int32, per matrix) is 0, or the
# position (from 1) of the first zero pivot, as LAPACK's getrf reports a
# singular matrix.
def inv_ex(A, *, check_errors=False):
    n = _square(A, "inv_ex")
    X, U = _solve(A, eye(n, dtype=A.dtype).expand(A.shape))
    zero = _diag(U, n) == 0
    info = where(zero.any(-1), argmax(zero.to(int32), -1) + 1, 0).to(int32)
    if check_errors and info.any():
        raise RuntimeError("linalg.inv_ex: The diagonal element " + str(int(info.max())) + " is zero, the inversion could not be completed because the input matrix is singular.")
    return __return_types("linalg_inv_ex", X, info)

# The diagonal of the n x n matrices that start each [..., n, m].
def _diag(M, n):
    return M[..., :n].reshape(tuple(M.shape[:-2]) + (n * n,))[..., ::n + 1]

# (sign, log |det A|) from the elimination's pivots: torch.return_types.linalg_slogdet.
def slogdet(A):
    n = _square(A, "slogdet")
    M, sign = _eliminate(A, A[..., :0])
    d = _diag(M, n)
    neg = sum((d < 0).to(int64), -1) % 2
    s = where(neg == 1, -sign, sign)
    s = where(amin(abs(d), -1) == 0, s * 0.0, s)
    return __return_types("linalg_slogdet", s, sum(log(abs(d)), -1))

# The determinant: the product of the elimination's pivots, times its sign.
def det(A):
    n = _square(A, "det")
    M, sign = _eliminate(A, A[..., :0])
    return prod(_diag(M, n), -1) * sign

# X with A X = B for triangular A (upper or lower), by substitution.
def solve_triangular(A, B, *, upper, left=True, unitriangular=False):
    n = _square(A, "solve_triangular")
    if not left:
        return solve_triangular(A.transpose(-2, -1), B.transpose(-2, -1), upper=not upper,
                                unitriangular=unitriangular).transpose(-2, -1)
    rows = [None] * n
    order = range(n - 1, -1, -1) if upper else range(n)
    for i in order:
        r = B[..., i, :]
        done = list(range(i + 1, n)) if upper else list(range(i))
        if len(done) > 0:
            a = A[..., i, i + 1:] if upper else A[..., i, :i]
            r = r - (a.unsqueeze(-2) @ stack([rows[k] for k in done], -2)).squeeze(-2)
        rows[i] = r if unitriangular else r / A[..., i, i:i + 1]
    return stack(rows, -2)
