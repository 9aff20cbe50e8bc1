# A data-dependent `if` whose test has several tensor ops: the test runs in
# the graph before the `if` (torch.compile's graph 1 returns the bool tensor),
# the break is only its bool conversion. `s` is used by the test and later.
# e2e-kernels: 2
def step(x, w):
    x = tanh(x * 0.9 + w)
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

x = arange(16) * 0.3 - 2.0
w = cos(arange(16) * 0.11) * 0.1
for i in range(4):
    x = step(x, w)
print(x)
print(first(arange(6) * 0.5))
print(first(arange(6) * 0.1))
