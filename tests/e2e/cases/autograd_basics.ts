# Eager autograd as PyTorch users meet it: requires_grad leaves, .grad
# accumulating over backward() calls, grad_fn names, retain_grad, detach and
# .data, no_grad / enable_grad / set_grad_enabled, autograd.grad with
# create_graph (second and third derivatives), a custom autograd.Function,
# tied weights, and torch's errors. The numbers are PyTorch's: PyTorch runs
# this same text (tests/e2e/torch/same_text.py).
import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, 0.25, -1.0], requires_grad=True)
y = (x * w).sum()
print(y.requires_grad, y.is_leaf, x.is_leaf, y.grad_fn.name())
y.backward()
print(x.grad, w.grad)
(x * x).sum().backward()
print(x.grad)
x.grad = None
h = x.tanh()
h.retain_grad()
z = (h * h).mean()
z.backward()
print(h.grad, x.grad)
print(x.detach().requires_grad, x.data.requires_grad)

with torch.no_grad():
    q = x * 2
print(q.requires_grad, q.grad_fn is None)
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())


@torch.no_grad()
def scaled(t):
    return t * 3


print(scaled(x).requires_grad)

s = torch.tensor(2.0, requires_grad=True)
f = s ** 4
g1, = torch.autograd.grad(f, s, create_graph=True)
g2, = torch.autograd.grad(g1, s, create_graph=True)
g3, = torch.autograd.grad(g2, s)
print(g1.item(), g2.item(), g3.item())

u = torch.tensor([0.3, -0.7], requires_grad=True)
out = torch.sin(u) * u
gu, = torch.autograd.grad(out.sum(), u, create_graph=True)
ggu, = torch.autograd.grad(gu.sum(), u)
print(gu, ggu)


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t, k):
        ctx.save_for_backward(t)
        ctx.k = k
        return t ** 3 * k

    @staticmethod
    def backward(ctx, grad):
        t, = ctx.saved_tensors
        return grad * 3 * t ** 2 * ctx.k, None


c = torch.tensor([1.0, 2.0], requires_grad=True)
Cube.apply(c, 0.5).sum().backward()
print(c.grad)

emb = torch.nn.Embedding(5, 3)
tied = torch.nn.Linear(3, 5, bias=False)
tied.weight = emb.weight
idx = torch.tensor([1, 3, 1])
logits = tied(emb(idx))
logits.sum().backward()
print(emb.weight.grad.sum().item() == tied.weight.grad.sum().item(), emb.weight.grad.shape)

v = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    v.add_(1)
except RuntimeError as e:
    print("RuntimeError:", e)
loss = (v * v).sum()
loss.backward()
try:
    loss.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:60])
try:
    (v * v).backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.tensor([1.0, 2.0], requires_grad=True))
print((v * 2).sum())
