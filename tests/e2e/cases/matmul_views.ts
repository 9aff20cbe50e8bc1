# matmul (2-D, batched with broadcasting, vector), transposes, slices,
# reshape, cat and stack inside compiled functions. `views` returns views of
# its argument (made by the plan from the argument itself, no kernel);
# `computed` lowers the same views inside a kernel.
# e2e-kernels: 3
def mm(a, b, v, batch):
    return a @ b, batch @ b, a @ v, b.T @ v

def views(x):
    t = x.T
    return t[1:3], x[:, 2], x.reshape(4, 6)[1], transpose(x, 0, 1)[::2, 1:], x[..., None].squeeze(-1)

def computed(x):
    return [r + 0.0 for r in views(x)]

def joins(x, y):
    return cat([x, y * 2], 0), stack([x, y], 1), cat([x, x], 1)

manual_seed(2)
a = randn(5, 4)
b = randn(4, 3)
v = randn(4)
batch = randn(2, 5, 4)
for r in mm(a, b, v, batch):
    print(r)
x = arange(24).reshape(6, 4) * 1.0
for r in views(x):
    print(r)
for r in computed(x):
    print(r)
for r in joins(randn(2, 3), randn(2, 3)):
    print(r)
