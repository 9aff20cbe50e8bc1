# The PyTorch program behind tests/e2e/cases/shape_ops.ts (its output is shape_ops.torch.txt).
import torch
torch.set_printoptions(precision=4)
def shapes(x):
    a, b, c = x.chunk(3, dim=1)
    p, q = torch.split(x, [1, 2], 0)
    r = x.split(2, -1)
    rows = x.unbind(0)
    f = x.flip(0, 1)
    g = torch.flip(x, [1])
    ro = x.roll(1)
    ro2 = torch.roll(x, (1, -1), (0, 1))
    rep = x.repeat(2, 1)
    ri = x.repeat_interleave(2, dim=0)
    ri2 = torch.repeat_interleave(x, 2)
    lo = torch.tril(x)
    up = x.triu(1)
    mf = x.masked_fill(x > 4.0, -1.0)
    n = torch.narrow(x, 1, 1, 2)
    o = torch.outer(x[0], x[1])
    d = torch.dot(x[0], x[2])
    return a + c, b, p, q, r[0], r[1], rows[2], f, g, ro, ro2, rep, ri, ri2, lo, up, mf, n, o, d
x = torch.arange(12).reshape(3, 4).float() * 0.5 - 1.0
x = x[:, :3]
for t in shapes(x):
    print(t)
print(len(x.chunk(2)), x.sort(1), x.argsort(0, descending=True), x.topk(2).values)
print(torch.diag(x), torch.diag(x[0]), torch.diag(x, -1), torch.scatter_add(torch.zeros(3, 3), 1, torch.tensor([[0, 0, 1], [2, 2, 2], [1, 0, 1]]), x))
print(torch.zeros(2, 3).scatter(0, torch.tensor([[1, 0, 1]]), 5.0))
