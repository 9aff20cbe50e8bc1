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

# Arithmetic on known tensors is known too (a schedule scaled and shifted, a
# layer-wise decay): computed at build time by the same kernels, so the model
# built from it is one graph.
rates = torch.linspace(0, 1, 4) * 0.1 + 0.05
decay = (0.5 ** torch.arange(4.0)).tolist()
widths = (torch.arange(1, 4) * 2).tolist()
print([r.item() for r in rates], decay, widths, (rates > 0.1).tolist())


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [rates[i].item() for i in range(4)]
        self.proj = nn.Linear(4, widths[-1]) if widths[-1] > 4 else nn.Identity()

    def forward(self, x):
        for s, d in zip(self.scales, decay):
            x = x * s + d
        return self.proj(x)


with torch.no_grad():
    print(Scaled()(inp).shape)
