# The PyTorch program behind tests/e2e/cases/sgd_inplace.ts (its output is sgd_inplace.torch.txt).
import torch
torch.set_printoptions(precision=4)
class Lin:
    def __init__(self, w, b): self.w, self.b = w, b
def sgd(params, grads, lr):
    for p, g in zip(params, grads):
        p -= lr * g
def step(m, x, y, lr):
    err = x @ m.w + m.b - y
    gw = x.T @ err
    gb = err.sum(0)
    sgd([m.w, m.b], [gw, gb], lr)
    return (err * err).mean()
m = Lin(torch.zeros(3, 1), torch.zeros(1))
alias = m.w
x = torch.arange(12).reshape(4, 3) * 0.1
y = torch.ones(4, 1)
for i in range(3):
    print(step(m, x, y, 0.05))
print(m.w, m.b, alias)
