import torch

def step(x, w):
    y = torch.relu(x @ w)
    n = int(y.sum().item())          # tensor_to_scalar: a break
    for i in range(n % 7 + 20):
        y = y * 0.5 + 1.0            # graph 2, run by an interpreted loop
    print("step", n)                 # side_effect_io: another break
    return y

x = torch.randn(64, 64)
w = torch.randn(64, 64)
for k in range(30):
    x = step(x, w)
print(x.sum())
