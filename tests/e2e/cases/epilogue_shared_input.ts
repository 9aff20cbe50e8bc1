# A GEMM epilogue may overwrite the matmul's output in place only when no
# other nest reads it again: here `pre = b1 + x @ W1` feeds both the forward
# `relu(pre) * mask` and, later, the backward `pre > 0`, which recomputes pre
# from the matmul's output; writing relu(pre) * mask over it first gave wrong
# gradients (an MLP's hand-written backward pass). Compiled equals eager.
# e2e-kernels: 1
manual_seed(7)
X = randn(6, 2)
Y = randn(6)
W1 = randn(2, 4)
b1 = randn(4)
W2 = randn(4, 1)


def grads(x, y, W1, b1, W2, mask):
    pre = b1 + x @ W1
    h = pre.relu() * mask
    f = (h @ W2).reshape(-1)
    df = (2.0 / y.shape[0]) * (f - y)
    gW2 = h.t() @ df.unsqueeze(1)
    dh = (df.unsqueeze(1) @ W2.t()) * mask * (pre > 0).float()
    return x.t() @ dh, dh.sum(0), gW2


for mask in [tensor([1.0, 0.0, 1.0, 1.0]), tensor([1.0, 1.0, 1.0, 0.0])]:
    for g in grads(X, Y, W1, b1, W2, mask):
        print(g)
