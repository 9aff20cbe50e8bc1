# A loop across a graph break, as bench/kernels.ts gb_step: graph 1, the
# `if` on a tensor's value in the interpreter, graph 2, with both branches
# taken. Runs the kernel launch path many times in a row (its reused scratch
# and recycled buffers) and the interpreter's full reductions and
# one-element comparisons on contiguous and strided tensors.
# e2e-kernels: 2
def step(x, w):
    x = tanh(x * 0.9 + w)
    if x.sum() > 0:
        d = -0.25
    else:
        d = 0.25
    return x + d

x = sin(arange(64) * 0.37)
w = cos(arange(64) * 0.11) * 0.1
positive = 0
for i in range(40):
    x = step(x, w)
    if x.sum() > 0:
        positive += 1
print(positive, x[:4])
print(x.sum(), x.max(), x.min(), x.mean())
m = arange(12).reshape(3, 4).float()
print(m.sum(), m.T.sum(), m[1:, ::2].sum(), m.T.max(), m.sum() > 60, m.sum() >= 66)
print(tensor(2.5) * 2, tensor([3.0]) - 1, tensor(7) // 2)
