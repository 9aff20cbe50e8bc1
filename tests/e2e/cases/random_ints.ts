# torch.randint and torch.randperm after manual_seed draw torch's numbers, eager
# and compiled (graph ops randint/randperm calling the runtime's generator):
# nanoGPT's get_batch, then draws inside a @fullgraph function (one graph).
# Output against PyTorch.
# e2e-kernels: 1
manual_seed(1337)
data = arange(1000) % 97
block_size = 8
batch_size = 4
def get_batch(data):
    ix = randint(len(data) - block_size, (batch_size,))
    x = stack([data[i:i + block_size] for i in ix])
    y = stack([data[i + 1:i + 1 + block_size] for i in ix])
    return x, y
xb, yb = get_batch(data)
print(xb.tolist(), yb[:, -1].tolist())
@fullgraph
def draws(x):
    p = randperm(10)
    r = randint(-5, 5, (2, 3))
    big = randint(0, 2 ** 40, (3,))
    return x[p], r, big, randint(3, (4,), dtype=float32)
print(draws(arange(10.0) * 2))
perm = randperm(7)
print(perm.tolist(), randint(100, (5,)).tolist())
