# The PyTorch program behind tests/e2e/cases/ops_sort_scatter.ts (its output is ops_sort_scatter.torch.txt).
import torch
torch.set_printoptions(precision=4)
from torch import sort, argsort, topk, scatter, scatter_add, index_add, diag, zeros, ones, tensor, arange
def sorts(x, m):
    a = sort(x)
    b = x.sort(descending=True)
    c = sort(m, dim=0, stable=True)
    d = m.sort(1, True)
    v, i = sort(m, dim=-1, descending=False, stable=True)
    e = argsort(m, dim=1)
    f = m.argsort(dim=0, descending=True, stable=True)
    return a.values, a.indices, b.values, b.indices, c.values, c.indices, d.values, d.indices, v * 2.0, i, e, f
def tops(u, w):
    a = topk(u, 3)
    b = u.topk(2, largest=False)
    c = topk(w, 2, dim=0, largest=True, sorted=True)
    v, i = w.topk(k=1, dim=1, sorted=False)
    return a.values, a.indices, b.values, b.indices, c.values, c.indices, v + 1.0, i
def scatters(z, idx, src, bins, vals):
    a = scatter(z, 1, idx, src)
    b = z.scatter(0, idx % 2, 7.5)
    c = scatter(z, 1, idx, value=-1.0)
    d = z.scatter(1, idx, src, reduce="add")
    e = scatter(z + 2.0, 1, idx, src, reduce="multiply")
    h = scatter_add(zeros(5), 0, bins, vals)
    g = zeros(2, 4).scatter_add(1, idx[:, :2], src[:, :2])
    k = zeros(5, 3).index_add(0, tensor([0, 4, 0]), ones(3, 3) * src[0, :3].unsqueeze(1))
    l = index_add(zeros(3, 5), 1, tensor([1, 1]), ones(3, 2), alpha=2.5)
    return a, b, c, d, e, h, g, k, l
def inplace(z, idx, src):
    y = z * 1.0
    y.scatter_(1, idx, src)
    y.scatter_add_(0, idx % 2, src)
    w = z + 0.0
    w.scatter_(1, idx, 3.0, reduce="multiply")
    q = z * 0.0
    q.index_add_(1, tensor([3, 0]), src[:, :2])
    return y, w, q
def diags(v, m):
    return diag(v), diag(v, 1), v.diag(diagonal=-2), diag(m), m.diag(1), diag(m, diagonal=-1), diag(m, 3)
x = tensor([3.0, 1.0, 2.0, 1.0, 3.0, float("nan"), 0.0, 1.0])
m = tensor([[3.0, 1.0, 2.0, 1.0], [0.0, 0.0, 5.0, -1.0], [4.0, 1.0, 2.0, 0.5]])
for t in sorts(x, m):
    print(t)
u = tensor([0.5, -2.0, 7.0, 3.25, float("nan"), 1.0])
w = tensor([[1.0, 9.0, -3.0], [4.0, 2.0, 8.0], [0.0, 5.0, 6.0]])
for t in tops(u, w):
    print(t)
z = arange(8).reshape(2, 4).float()
idx = tensor([[3, 0, 1, 1], [0, 2, 2, 3]])
src = tensor([[10.0, 20.0, 30.0, 40.0], [50.0, 60.0, 70.0, 80.0]])
bins = tensor([0, 1, 1, 4, 1, 0])
vals = tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
for t in scatters(z, idx, src, bins, vals):
    print(t)
for t in inplace(z, idx, src):
    print(t)
for t in diags(tensor([1.0, 2.0, 3.0]), arange(12).reshape(3, 4)):
    print(t)
print(sort(tensor([3, 1, 2]), descending=True))
try:
    scatter(z, 1, tensor([[4, 0, 0, 0], [0, 0, 0, 0]]), src)
except (IndexError, RuntimeError) as e:
    print("IndexError")

