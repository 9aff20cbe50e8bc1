# The PyTorch program behind tests/e2e/cases/gemm_views_strided_input.ts (its output is gemm_views_strided_input.torch.txt).
import torch
def f(x, w):
    return x[:, 1:4].reshape(2, 3, 3)[:, :, 0:2] @ w[0:2], x.reshape(-1)[0:6] + 0.0, x[1:5].T @ w
w = torch.arange(12).reshape(4, 3).float()
for y in (torch.arange(36).reshape(6, 6).float().T, torch.arange(36).reshape(6, 6).float()):
    for r in f(y, w): print(r)
