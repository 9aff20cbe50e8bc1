# Stochastic depth as timm, Swin and ConvNeXt build it (issue 39, part 1):
# the drop rates come from `[x.item() for x in torch.linspace(0,
# drop_path_rate, sum(depths))]` at construction, and each block's type
# depends on its rate (`DropPath(dpr[i]) if dpr[i] > 0. else nn.Identity()`).
# The tracer knows tensors that module scope makes from constants (computed
# by the runtime's tensor library, as the interpreter computes them), so the
# model's structure is known and its forward is one graph with no
# interpreted ops. timm's drop_path and DropPath as timm writes them; a
# ConvNeXt block (depthwise conv, LayerNorm, MLP, layer scale). PyTorch runs
# this same text (tests/e2e/torch/same_text.py).
# e2e-kernels: 1
import torch
import torch.nn as nn
import torch.nn.functional as F


def drop_path(x, drop_prob: float = 0., training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0. or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)  # work with diff dim tensors, not just 2D ConvNets
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob: float = 0., scale_by_keep: bool = True):
        super(DropPath, self).__init__()
        self.drop_prob = drop_prob
        self.scale_by_keep = scale_by_keep

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training, self.scale_by_keep)


class Block(nn.Module):
    def __init__(self, dim, drop_path=0., layer_scale_init_value=1e-6):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(layer_scale_init_value * torch.ones((dim)),
                                  requires_grad=True) if layer_scale_init_value > 0 else None
        self.drop_path = DropPath(drop_path) if drop_path > 0. else nn.Identity()

    def forward(self, x):
        input = x
        x = self.dwconv(x)
        x = x.permute(0, 2, 3, 1)  # (N, C, H, W) -> (N, H, W, C)
        x = self.norm(x)
        x = self.pwconv1(x)
        x = self.act(x)
        x = self.pwconv2(x)
        if self.gamma is not None:
            x = self.gamma * x
        x = x.permute(0, 3, 1, 2)  # (N, H, W, C) -> (N, C, H, W)
        x = input + self.drop_path(x)
        return x


class Stages(nn.Module):
    def __init__(self, depths=(2, 2), dims=(8, 16), drop_path_rate=0.2, layer_scale_init_value=0.5):
        super().__init__()
        dp_rates = [x.item() for x in torch.linspace(0, drop_path_rate, sum(depths))]
        self.stages = nn.ModuleList()
        self.downsample = nn.ModuleList([nn.Identity(), nn.Conv2d(dims[0], dims[1], kernel_size=2, stride=2)])
        cur = 0
        for i in range(len(depths)):
            stage = nn.Sequential(*[Block(dim=dims[i], drop_path=dp_rates[cur + j],
                                          layer_scale_init_value=layer_scale_init_value) for j in range(depths[i])])
            self.stages.append(stage)
            cur += depths[i]
        self.head = nn.Linear(dims[-1], 3)

    def forward(self, x):
        for i in range(len(self.stages)):
            x = self.downsample[i](x)
            x = self.stages[i](x)
        return self.head(x.mean([-2, -1]))


torch.manual_seed(0)
model = Stages().eval()
print([type(b.drop_path).__name__ for s in model.stages for b in s])
print([round(b.drop_path.drop_prob, 6) for s in model.stages for b in s if isinstance(b.drop_path, DropPath)])
print(torch.arange(5).tolist(), int(torch.tensor(7)), float(torch.linspace(0, 1, 3)[1]))
with torch.no_grad():
    print(model(torch.randn(2, 8, 8, 8)))
