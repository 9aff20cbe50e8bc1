# A small U-Net-style network from torch.nn as PyTorch code builds one:
# strided Conv2d down, ConvTranspose2d and Upsample up, GroupNorm, SiLU,
# F.interpolate (bilinear), a skip concatenation. PyTorch runs this same text
# (tests/e2e/torch/same_text.py writes torch_unet.torch.txt).
import torch
import torch.nn as nn
import torch.nn.functional as F


class UNetLite(nn.Module):
    def __init__(self, ch=4):
        super().__init__()
        self.down = nn.Sequential(nn.Conv2d(1, ch, 3, padding=1), nn.GroupNorm(2, ch), nn.SiLU(),
                                  nn.Conv2d(ch, 2 * ch, 4, stride=2, padding=1))
        self.mid = nn.Conv2d(2 * ch, 2 * ch, 3, padding=1)
        self.up = nn.ConvTranspose2d(2 * ch, ch, 4, stride=2, padding=1)
        self.up2 = nn.Upsample(scale_factor=2, mode="nearest")
        self.out = nn.Conv2d(2 * ch, 1, 3, padding=1)

    def forward(self, x):
        h = self.down(x)
        h = F.silu(self.mid(h))
        u = self.up(h)
        v = self.up2(h)[:, :u.shape[1]]
        return self.out(torch.cat([u, v], dim=1)) + F.interpolate(x, scale_factor=0.5, mode="bilinear", align_corners=False).repeat_interleave(2, dim=2).repeat_interleave(2, dim=3)


torch.manual_seed(0)
net = UNetLite()
print(net)
x = torch.randn(2, 1, 8, 8)
with torch.no_grad():
    y = net(x)
print(y.shape, y[0, 0, :2], y.mean())
