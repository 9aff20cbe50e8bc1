import torch

def step(x, w):
    x = torch.tanh(x * 0.9 + w)
    s = x.sum()
    if (s * s - 0.5 * x.abs().mean()) > 0.25:
        d = -0.01
    else:
        d = 0.01
    return x + d * s

def first(x):
    if (x.max() - x.min()) > 1.0:
        x = x * 0.5
    return x - 1.0

x = torch.arange(16) * 0.3 - 2.0
w = torch.cos(torch.arange(16) * 0.11) * 0.1
for i in range(4):
    x = step(x, w)
print(x)
print(first(torch.arange(6) * 0.5))
print(first(torch.arange(6) * 0.1))
