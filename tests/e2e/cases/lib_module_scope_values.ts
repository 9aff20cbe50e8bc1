# Values module scope computes from constants are known at compile time
# (issue 39, part 1), and stay right after in-place updates: a tensor updated
# in place (add_, fill_, copy_, zero_, nn.init, x[i] = v, +=) is no longer
# known, and neither are its views, so a structure decided from it is decided
# when the program runs. A model's type comes from such a value. PyTorch runs this same text.
# e2e-kernels: 1
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, rates):
        super().__init__()
        self.proj = nn.Linear(4, 4) if rates[0] > 0 else nn.Identity()
        self.scale = rates[-1]

    def forward(self, x):
        return self.proj(x) * self.scale


x = torch.arange(3)
row = x[1]
x.add_(10)
y = torch.zeros(2)
y.fill_(3.0)
z = torch.ones(2)
z.copy_(torch.tensor([-1.0, 5.0]))
w = torch.ones(2)
w.zero_()
v = torch.ones(2)
nn.init.constant_(v, -2.0)
u = torch.tensor([1.0, 2.0])
u[0] = -7.0
t = torch.tensor([4.0])
t += 1
k = torch.linspace(0.5, 1.5, 2)
print([row.item(), x.tolist(), y.tolist(), z.tolist(), w.tolist(), v.tolist(), u.tolist(), t.item(), k.tolist()])
torch.manual_seed(0)
inp = torch.randn(2, 4)
print([type(Head(f.tolist()).proj).__name__ for f in [y, z, w, v, u, t, k]])
known = Head(k.tolist())  # from constants: its structure is known when compiling
with torch.no_grad():
    print(known(inp))
