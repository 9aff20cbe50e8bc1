# Sizes given by ints known only at run time (`zeros(n)` after `n =
# int(t.sum())`, torch.bincount's `zeros(max(...))`): the graph reads the
# size from its scalar input and runs compiled, as explain says, instead of
# running eagerly with a KernelRunsEagerly warning at build time. A
# negative size is torch's error in both modes. And a tensor made before a
# loop the interpreter runs (it updates the tensor in place) is handed back
# by the graph before the loop.
import torch


def f(x, k):
    n = int(x.sum()) + k
    return torch.zeros(n) + torch.ones(n).cumsum(0), torch.full((2, n), 0.5).sum(1)


def scatter_experts(h, sel):
    n, d = h.shape
    out = torch.zeros((n, d), dtype=h.dtype)
    for e in range(2):
        idx = torch.where(sel == e)[0]
        out.index_add_(0, idx, h[idx] * (e + 1))
    return out


print(f(torch.ones(3), 2))
print(f(torch.ones(2), 1))
print(torch.bincount(torch.tensor([0, 3, 3, 1]), minlength=2).tolist())
print(torch.bincount(torch.tensor([4, 4, 1])).tolist())
h = torch.arange(12.0).reshape(6, 2)
print(scatter_experts(h, torch.tensor([0, 1, 1, 0, 1, 0])).tolist())
try:
    f(torch.ones(2), -5)
except RuntimeError as e:
    print("RuntimeError")
