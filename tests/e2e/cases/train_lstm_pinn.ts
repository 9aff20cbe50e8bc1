# Three more training loops as PyTorch users write them. An nn.LSTM language
# model trained with truncated backpropagation through time (the hidden state
# detached between chunks) and Adam with clipping. A physics-informed network
# whose loss holds u'' from autograd.grad(create_graph=True) twice, trained
# with Adam and an ExponentialLR. A small VAE (reparameterisation, BCE with
# logits + KL) with a frozen first layer, gradient accumulation over two
# micro-batches, RMSprop and StepLR. The numbers are PyTorch's: PyTorch runs
# this same text (tests/e2e/torch/same_text.py).
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(5)

# ---- LSTM, truncated BPTT
seq = torch.sin(torch.arange(0, 120, dtype=torch.float32) * 0.3).view(1, -1, 1)
lstm = nn.LSTM(1, 12, num_layers=2, batch_first=True)
head = nn.Linear(12, 1)
opt = torch.optim.Adam(list(lstm.parameters()) + list(head.parameters()), lr=0.02)
for epoch in range(3):
    state = None
    total = 0.0
    for t in range(0, 100, 20):
        x, y = seq[:, t:t + 20], seq[:, t + 1:t + 21]
        out, state = lstm(x, state)
        state = tuple(s.detach() for s in state)
        loss = F.mse_loss(head(out), y)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(lstm.parameters(), 0.5)
        opt.step()
        total += loss.item()
    print("lstm", epoch, f"{total:.5f}")

# ---- PINN: u'' = -pi^2 sin(pi x), u(0) = u(1) = 0
net = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.Adam(net.parameters(), lr=0.01)
sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.97)
xs = torch.linspace(0, 1, 24).view(-1, 1).requires_grad_()
ends = torch.tensor([[0.0], [1.0]])
for step in range(30):
    u = net(xs)
    du, = torch.autograd.grad(u.sum(), xs, create_graph=True)
    d2u, = torch.autograd.grad(du.sum(), xs, create_graph=True)
    residual = d2u + math.pi ** 2 * torch.sin(math.pi * xs)
    loss = (residual ** 2).mean() + (net(ends) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    sched.step()
    if step % 10 == 9:
        print("pinn", step, f"{loss.item():.5f}", f"{sched.get_last_lr()[0]:.6f}")


# ---- VAE with a frozen stem and gradient accumulation
class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(10, 16)
        self.enc = nn.Linear(16, 2 * 3)
        self.dec = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 10))

    def forward(self, x):
        mu, logvar = self.enc(F.relu(self.stem(x))).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        return self.dec(z), mu, logvar


vae = VAE()
vae.stem.requires_grad_(False)
data = (torch.rand(32, 10) > 0.5).float()
opt = torch.optim.RMSprop([p for p in vae.parameters() if p.requires_grad], lr=0.01, momentum=0.5)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=4, gamma=0.5)
for epoch in range(8):
    opt.zero_grad()
    for half in (data[:16], data[16:]):
        logits, mu, logvar = vae(half)
        rec = F.binary_cross_entropy_with_logits(logits, half, reduction="sum")
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        ((rec + kl) / 32).backward()
    opt.step()
    sched.step()
    print("vae", epoch, f"{(rec + kl).item():.4f}")
print(vae.stem.weight.grad is None, vae.enc.weight.grad is not None, vae.stem.weight.requires_grad)
