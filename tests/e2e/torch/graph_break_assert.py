import torch
# A data-dependent `assert`: as with an `if`, its test's tensor ops run in the
# graph before it (graph 1 returns the bool tensor) and the break is only the
# bool conversion; the message is evaluated only when the assert fails.
def step(x, w):
    x = torch.tanh(x * 0.9 + w)
    assert (x.abs().max() - 0.5 * x.mean()) < 1.5, "diverged"
    return x + 0.01 * x.sum()
def check(x, limit):
    assert x.sum() < limit, "sum too large: " + str(x.sum().item())
    return x * 2.0
x = torch.arange(16) * 0.3 - 2.0
w = torch.cos(torch.arange(16) * 0.11) * 0.1
for i in range(4):
    x = step(x, w)
print(x)
print(check(torch.arange(4) * 0.5, 10.0))
try:
    check(torch.arange(4) * 1.0, 1.0)
except AssertionError:
    print("caught")
