# The PyTorch program behind tests/e2e/cases/runtime_index.ts (its output is runtime_index.torch.txt).
import sys
import torch
torch.set_printoptions(precision=4)
def ddpm_sample(x, betas, w):
    alphas = 1.0 - betas
    alpha_bar = torch.cumprod(alphas, 0)
    for t in reversed(range(betas.shape[0])):
        eps = torch.tanh(x @ w)
        coef = betas[t] / torch.sqrt(1 - alpha_bar[t])
        x = (x - coef * eps) / torch.sqrt(alphas[t])
    return x
def rows(xs, n):
    total = torch.zeros(xs.shape[1])
    for i in range(n):
        total = total + xs[i] * (i + 1) - xs[-1 - i]
    return total
def corner(m, i, j):
    return m[i, 1:, j] * 2
def bump(xs, n):
    for i in range(n):
        xs[i].add_(1.0)
    return xs.sum()
k = 0
torch.manual_seed(0)
print(ddpm_sample(torch.randn(4, 3), torch.linspace(1e-4, 0.02, 50), torch.randn(3, 3) * 0.1))
xs = torch.arange(24).float().reshape(6, 4)
print(rows(xs, 5 + k))
print(corner(torch.arange(24).float().reshape(2, 3, 4), k + 1, -1 - k))
print(bump(torch.zeros(5, 2), 3 + k))
try:
    print(rows(xs, 7 + k))
except IndexError as e:
    print("IndexError")
