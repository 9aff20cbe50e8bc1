# GEMM views over a graph input that arrives non-contiguous (a transpose):
# the kernel makes the chain's base contiguous at entry, then reads the
# slices/reshape in place; the same kernel runs for a contiguous input.
# e2e-kernels: 1
def f(x, w):
    return x[:, 1:4].reshape(2, 3, 3)[:, :, 0:2] @ w[0:2], x.reshape(-1)[0:6] + 0.0, x[1:5].T @ w
w = arange(12).reshape(4, 3).float()
y = arange(36).reshape(6, 6).float().T
for r in f(y, w):
    print(r)
z = arange(36).reshape(6, 6).float()
for r in f(z, w):
    print(r)
