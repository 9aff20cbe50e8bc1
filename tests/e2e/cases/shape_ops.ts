# Shape builtins (chunk, split, unbind, flip, roll, repeat, tril, ...) traced as graph ops (sort, topk, diag and scatter at module scope: eager; ops_sort_scatter.ts compiles them).
# e2e-kernels: 1
@fullgraph
def shapes(x):
    a, b, c = x.chunk(3, dim=1)
    p, q = split(x, [1, 2], 0)
    r = x.split(2, -1)
    rows = x.unbind(0)
    f = x.flip(0, 1)
    g = flip(x, [1])
    ro = x.roll(1)
    ro2 = roll(x, (1, -1), (0, 1))
    rep = x.repeat(2, 1)
    ri = x.repeat_interleave(2, dim=0)
    ri2 = repeat_interleave(x, 2)
    lo = tril(x)
    up = x.triu(1)
    mf = x.masked_fill(x > 4.0, -1.0)
    n = narrow(x, 1, 1, 2)
    o = outer(x[0], x[1])
    d = dot(x[0], x[2])
    return a + c, b, p, q, r[0], r[1], rows[2], f, g, ro, ro2, rep, ri, ri2, lo, up, mf, n, o, d

x = arange(12).reshape(3, 4).float() * 0.5 - 1.0
x = x[:, :3]
for t in shapes(x):
    print(t)
print(len(x.chunk(2)), x.sort(1), x.argsort(0, descending=True), x.topk(2).values)
print(diag(x), diag(x[0]), diag(x, -1), scatter_add(zeros(3, 3), 1, tensor([[0, 0, 1], [2, 2, 2], [1, 0, 1]]), x))
print(zeros(2, 3).scatter(0, tensor([[1, 0, 1]]), 5.0))
