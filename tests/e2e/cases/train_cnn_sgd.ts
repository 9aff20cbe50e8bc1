# A small CNN trained as PyTorch code writes it: Conv2d + BatchNorm2d + ReLU
# + MaxPool2d blocks, AdaptiveAvgPool2d, a Linear head, cross entropy, SGD
# with momentum, nesterov and weight decay, MultiStepLR; train() / eval()
# switch BatchNorm between batch and running statistics. The numbers are
# PyTorch's: PyTorch runs this same text (tests/e2e/torch/same_text.py).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(3)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 6, 3, padding=1), nn.BatchNorm2d(6), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(6, 8, 3, stride=1, padding=1, bias=False), nn.BatchNorm2d(8), nn.ReLU(),
            nn.Conv2d(8, 8, 3, padding=1, groups=8),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        h = self.features(x)
        return self.head(torch.flatten(self.pool(h), 1))


X = torch.randn(24, 1, 8, 8)
y = torch.randint(0, 3, (24,))
X[y == 1, :, 2:5, 2:5] += 1.5
X[y == 2, :, 4:7, 1:4] -= 1.5
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True, weight_decay=1e-4)
sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[15, 25], gamma=0.3)
for epoch in range(30):
    model.train()
    for i in range(0, 24, 8):
        xb, yb = X[i:i + 8], y[i:i + 8]
        opt.zero_grad()
        loss = F.cross_entropy(model(xb), yb)
        loss.backward()
        opt.step()
    sched.step()
    if epoch % 5 == 4:
        model.eval()
        with torch.no_grad():
            acc = (model(X).argmax(1) == y).float().mean()
        print(epoch, f"{loss.item():.5f}", f"{acc.item():.3f}", sched.get_last_lr())
print(sum(p.abs().sum() for p in model.parameters()).item())
print(model.features[1].running_mean, model.features[1].num_batches_tracked)
