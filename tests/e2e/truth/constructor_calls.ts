# Functions called from a constructor at module scope run in the interpreter,
# as the tracer treats them (module-scope code): `g(3)` inside A.__init__ does
# not try g's compiled specialisations for g(2), g(4), g(5), and warns of no
# guard failure. And a specialisation whose statement runs in the interpreter
# because a callee breaks (Q.forward in training mode rebinds a parameter) is
# no guard failure of the other specialisation's kernel at that statement.
import torch
import torch.nn as nn


def g(n):
    return torch.zeros(n) + 1


class A:
    def __init__(self, n):
        self.t = g(n)
        self.u = [g(k) for k in range(n)]


class Q(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 3)
        self.emb.weight.data.fill_(0.5)

    def forward(self, x):
        if self.training:
            self.emb.weight = nn.Parameter(self.emb.weight * 2)
        return x @ self.emb.weight.t()


print(g(2))
a = A(3)
print(a.t, len(a.u), a.u[-1])
print([g(k).sum().item() for k in range(4, 6)])

q = Q()
x = torch.ones(2, 3)
q.eval()
print(q(x).sum().item())
q.train()
print(q(x).sum().item())
print(q(x).sum().item())

# A specialisation with no tensor op (k == 0) runs its statement in the
# interpreter, and so the calls in it: scale(x, 0) does not try scale's
# compiled code for scale(ones(2), 2) (it warned that it did not run).
def scale(x, k):
    if k == 0:
        return x
    return x * k


def outer(x, k):
    return scale(x, k)


print(scale(torch.ones(2), 2), outer(torch.ones(3), 2), outer(torch.ones(3), 0))
