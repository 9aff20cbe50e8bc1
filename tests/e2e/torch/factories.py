# The PyTorch program behind tests/e2e/cases/factories.ts (its output is factories.torch.txt).
import torch
torch.set_printoptions(precision=4)
class Lin:
    def __init__(self, w): self.w = w
class Model:
    def __init__(self, a, b): self.a, self.b = a, b
def make_linear(n): return Lin(torch.randn(n, n))
def keep(m): return m
def f(m, x): return x @ m.a.w @ m.b.w
torch.manual_seed(0)
m = Model(make_linear(2), make_linear(2))
print(f(m, torch.ones(1, 2)))
p = make_linear(2)
p.w = torch.ones(2, 2)
q = make_linear(2)
print(f(Model(p, q), torch.ones(1, 2)))
shared = make_linear(2)
print(f(Model(shared, shared), torch.ones(1, 2)))
print(f(Model(shared, keep(q)), torch.ones(1, 2)))
def mk(): return Lin(torch.zeros(2, 2))
z = Model(mk(), mk())
z.b.w = torch.ones(2, 2)
print(f(z, torch.ones(1, 2)))
