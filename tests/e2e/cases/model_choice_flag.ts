# A model and a config picked by command-line flags among ones module scope
# builds (argparse, an if/elif chain, a dict of classes, a dict of configs, a
# dict of modules): every candidate is compiled, each behind the guards of
# its own specialisation, and the run takes the one the flags pick.
# e2e-args: --arch modern --size large --head gated
# e2e-kernels: 3
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classic(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return x + self.fc(F.gelu(self.norm(x)))


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class Modern(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = RMSNorm(d)
        self.w1 = nn.Linear(d, 2 * d, bias=False)
        self.w2 = nn.Linear(d, 2 * d, bias=False)
        self.w3 = nn.Linear(2 * d, d, bias=False)

    def forward(self, x):
        h = self.norm(x)
        return x + self.w3(F.silu(self.w1(h)) * self.w2(h))


class LinearHead(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.proj = nn.Linear(d, n)

    def forward(self, x):
        return self.proj(x)


class GatedHead(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.proj = nn.Linear(d, 2 * n)

    def forward(self, x):
        a, b = self.proj(x).chunk(2, dim=-1)
        return a * torch.sigmoid(b)


def generate(model, x, steps):
    for _ in range(steps):
        x = model(x)
    return x


parser = argparse.ArgumentParser()
parser.add_argument("--arch", default="classic")
parser.add_argument("--size", default="small")
parser.add_argument("--head", default="linear")
args = parser.parse_args()

configs = {"small": {"batch": 2, "scale": 0.5, "steps": 2}, "large": {"batch": 4, "scale": 2.0, "steps": 3}}
cfg = configs[args.size]

torch.manual_seed(0)
if args.arch == "classic":
    block = Classic(16)
elif args.arch == "modern":
    block = Modern(16)
else:
    raise ValueError("unknown arch " + args.arch)
block_cls = {"classic": Classic, "modern": Modern}[args.arch]
refine = block_cls(16)
heads = {"linear": LinearHead(16, 5), "gated": GatedHead(16, 5)}
head = heads[args.head]
head.eval()

x = torch.randn(cfg["batch"], 16) * cfg["scale"]
with torch.no_grad():
    for step in range(2):
        y = generate(block, x, cfg["steps"])
        z = head(refine(y))
        print(args.arch, args.size, args.head, step, tuple(z.shape), round(y.sum().item(), 4),
              round(z.abs().mean().item(), 4))
        x = x * 0.5
