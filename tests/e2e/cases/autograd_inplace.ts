# In-place updates under autograd as PyTorch records them: in-place ops on
# results (the op's derivative reads the old value where it needs it), a
# subscript view updated in place (the base's gradient sees it, as torch's
# CopySlices), index assignment into a tensor that does not require grad,
# torch.relu_, in-place updates through views (subscripts, view, t, .T,
# flatten), and torch's errors: an in-place update of a view of a leaf,
# and of a result a derivative needs (exp's). The numbers are PyTorch's:
# PyTorch runs this same text (tests/e2e/torch/same_text.py).
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
h = x * 2
h.mul_(0.5)
h.add_(x, alpha=2.0)
row = h[0]
row.mul_(3)
h[1, :2] += torch.tensor([1.0, 1.0])
(h * h).sum().backward()
print(x.grad)
y = torch.zeros(2, 3)
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y[0] = w * 2
y[1] += w
y.pow(2).sum().backward()
print(w.grad, y.requires_grad, y.is_leaf)
a = torch.ones(3, requires_grad=True)
try:
    a[0].mul_(2)
except RuntimeError as e:
    print("RuntimeError:", e)
z = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
r = torch.relu_(z * 1)
torch.sigmoid(r).sum().backward()
print(z.grad)
e = z.exp()
e.mul_(2)
try:
    e.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", str(err)[:146])

# in-place updates through views by other builtins: view, t, .T, flatten
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0, 1.5, 0.25, -0.5], requires_grad=True)
h = x * 2
v = h.view(-1)
v.mul_(w)
t = h.t()
t.add_(1.0)
h.T.mul_(3)
flat = torch.flatten(h)
flat.mul_(flat.detach() * 0 + 2)
(h * h).sum().backward()
print(x.grad, w.grad)
