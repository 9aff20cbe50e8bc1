# The PyTorch program behind tests/e2e/cases/graph_break_loop.ts (its output is graph_break_loop.torch.txt).
import torch
torch.set_printoptions(precision=4)
def step(x, w):
    x = torch.tanh(x * 0.9 + w)
    if x.sum() > 0:
        d = -0.25
    else:
        d = 0.25
    return x + d
x = torch.sin(torch.arange(64, dtype=torch.float32) * 0.37)
w = torch.cos(torch.arange(64, dtype=torch.float32) * 0.11) * 0.1
positive = 0
for i in range(40):
    x = step(x, w)
    if x.sum() > 0:
        positive += 1
print(positive, x[:4])
print(x.sum(), x.max(), x.min(), x.mean())
m = torch.arange(12).reshape(3, 4).float()
print(m.sum(), m.T.sum(), m[1:, ::2].sum(), m.T.max(), m.sum() > 60, m.sum() >= 66)
print(torch.tensor(2.5) * 2, torch.tensor([3.0]) - 1, torch.tensor(7) // 2)
