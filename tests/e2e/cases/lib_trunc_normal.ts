# nn.init.trunc_normal_ (issue 39, part 5) as timm's Swin and ConvNeXt
# initialise their weights (std=.02) and position-bias tables, and as a ViT's
# cls token; torch 1.13's algorithm (a uniform draw, the same as uniform_'s,
# through erfinv), so after the same manual_seed the weights are torch's.
# PyTorch runs this same text (tests/e2e/torch/same_text.py writes
# lib_trunc_normal.torch.txt).
import torch
import torch.nn as nn
from torch.nn.init import trunc_normal_


class Block(nn.Module):
    def __init__(self, dim, window=3, heads=2):
        super().__init__()
        self.relative_position_bias_table = nn.Parameter(torch.zeros((2 * window - 1) ** 2, heads))
        trunc_normal_(self.relative_position_bias_table, std=.02)
        self.fc = nn.Linear(dim, 2 * dim)
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.apply(self._init_weights)

    def _init_weights(self, m):
        if isinstance(m, (nn.Conv2d, nn.Linear)):
            trunc_normal_(m.weight, std=.02)
            nn.init.constant_(m.bias, 0)


torch.manual_seed(0)
blk = Block(8)
with torch.no_grad():
    print(blk.relative_position_bias_table.detach()[:4])
    print(blk.fc.weight.detach()[0], blk.fc.bias.abs().sum())
    print(blk.dwconv.weight.std(), blk.dwconv.weight.abs().max() <= 0.04)
cls_token = torch.zeros(1, 1, 16)
nn.init.trunc_normal_(cls_token, mean=0.5, std=1.0, a=0.0, b=1.0)
print(cls_token.flatten())
x = torch.empty(10000)
torch.nn.init.trunc_normal_(x)
print(x.min() >= -2, x.max() <= 2, round(x.mean().item(), 2), round(x.std().item(), 2))
w = torch.empty(3, 5, dtype=torch.float64)
print(trunc_normal_(w, std=0.5, a=-0.25, b=0.75))
