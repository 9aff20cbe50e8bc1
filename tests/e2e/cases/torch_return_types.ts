# torch's named tuples as model code uses them, compiled and eagerly: a
# k-nearest-neighbour classifier that votes with torch.mode (scikit-learn's
# KNeighborsClassifier in torch), median imputation of missing features with
# torch.nanmedian, min-max scaling with torch.aminmax, a multivariate
# Gaussian log-density with torch.linalg.slogdet (.logabsdet), the log-det
# of a batch with torch.slogdet, GPyTorch's psd_safe_cholesky (retrying
# with jitter while torch.linalg.cholesky_ex reports `info`), inv_ex, and
# torch.frexp. Every field name comes from
# lang/semantics/return_types.def in both modes. The numbers are PyTorch's
# (tests/e2e/torch/same_text.py).
# e2e-kernels: 14
import math
import torch


def r(t, d=4):
    return [round(v, d) for v in t.flatten().tolist()]


def knn_predict(xq, xtrain, ytrain, k: int):
    d = torch.cdist(xq, xtrain)
    idx = d.topk(k, dim=1, largest=False).indices
    return torch.mode(ytrain[idx], dim=1)


def impute(X):
    med = torch.nanmedian(X, dim=0, keepdim=True).values
    return torch.where(torch.isnan(X), med, X)


def minmax(X):
    lo, hi = torch.aminmax(X, dim=0)
    return (X - lo) / (hi - lo)


def gauss_logpdf(x, mu, cov):
    n = x.shape[-1]
    sd = torch.linalg.slogdet(cov)
    L = torch.linalg.cholesky(cov)
    z = torch.linalg.solve_triangular(L, (x - mu).unsqueeze(-1), upper=False).squeeze(-1)
    return -0.5 * (n * math.log(2 * math.pi) + sd.logabsdet + (z * z).sum(-1))


# GPyTorch's psd_safe_cholesky (gpytorch/utils/cholesky.py), as written there.
def psd_safe_cholesky(A, jitter=1e-6, max_tries=4):
    L, info = torch.linalg.cholesky_ex(A)
    if not torch.any(info):
        return L
    Aprime = A.clone()
    jitter_prev = 0.0
    for i in range(max_tries):
        jitter_new = jitter * (10 ** i)
        Aprime.diagonal(dim1=-2, dim2=-1).add_(jitter_new - jitter_prev)
        jitter_prev = jitter_new
        L, info = torch.linalg.cholesky_ex(Aprime)
        if not torch.any(info):
            print("added jitter", jitter_new)
            return L
    raise ValueError("matrix not positive definite after jitter")


torch.manual_seed(0)
# three Gaussian blobs, labels 0, 1, 2
centers = torch.tensor([[0.0, 0.0], [3.0, 3.0], [-3.0, 2.0]])
xtrain = torch.cat([centers[c] + 0.8 * torch.randn(20, 2) for c in range(3)])
ytrain = torch.arange(3).repeat_interleave(20)
xq = torch.tensor([[0.2, -0.1], [2.5, 3.3], [-2.0, 2.5], [1.5, 1.5], [-1.0, 1.0]])
pred = knn_predict(xq, xtrain, ytrain, 5)
print(r(pred.values), r(pred.indices))
v, i = knn_predict(xq, xtrain, ytrain, 7)
print(r(v), r(i))
acc = (knn_predict(xtrain, xtrain, ytrain, 3).values == ytrain).float().mean()
print(round(acc.item(), 4))

X = torch.randn(8, 4)
X[1, 2] = float("nan")
X[4, 0] = float("nan")
X[6, 2] = float("nan")
print(r(impute(X)))
print(r(torch.nanmedian(X)), r(X.nanmedian(1).values), r(X.nanmedian(1).indices))
print(r(minmax(impute(X))))
mm = torch.aminmax(X[:, 1])
print(r(mm.min), r(mm.max), mm)

A = torch.randn(4, 4)
cov = A @ A.t() + torch.eye(4)
mu = torch.randn(4)
pts = torch.randn(6, 4)
print(r(gauss_logpdf(pts, mu, cov)))
sign, logabsdet = torch.slogdet(torch.randn(3, 3, 3))
print(r(sign), r(logabsdet))
print(torch.slogdet(cov))

m, e = torch.frexp(torch.tensor([0.0, 1.0, -6.5, 1e-3, 3e38, float("inf")]))
print(r(m, 6), r(e))
print(torch.frexp(torch.tensor([10.0, -0.375], dtype=torch.float64)))
print(torch.mode(torch.tensor([[1, 2, 2, 3], [4, 4, 3, 3]]), 1))

g = torch.linspace(0, 1, 6).unsqueeze(-1)
K = torch.exp(-((g - g.t()) ** 2) / 0.5)  # an RBF kernel matrix: numerically singular
print(r(psd_safe_cholesky(K)))
print(r(psd_safe_cholesky(K - 5e-4 * torch.eye(6))))
print(torch.linalg.cholesky_ex(torch.stack([cov, -cov])).info)
inv, info = torch.linalg.inv_ex(torch.stack([cov, torch.ones(4, 4)]))
print(r(inv[0]), info)
