import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(64, 8)
Y = (X[:, :1] * 2 - X[:, 1:2] + 0.3 * X[:, 2:3] ** 2)

model = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=20, gamma=0.5)
for step in range(60):
    opt.zero_grad()
    pred = model(X)
    loss = F.mse_loss(pred, Y)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    sched.step()
    if step % 10 == 0:
        print(step, f"{loss.item():.6f}", f"{norm.item():.6f}", sched.get_last_lr())
print(loss)
print(sum(p.sum() for p in model.parameters()).item())
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 3).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
g2, = torch.autograd.grad(g.sum(), x)
print(g2)
print(x.grad, x.is_leaf, y.grad_fn.name(), g.requires_grad)
