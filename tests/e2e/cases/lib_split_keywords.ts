# Tensor.split / torch.split with their keyword spellings (issue 39, part 5):
# Tensor.split(split_size=...), torch.split(split_size_or_sections=...), as
# YOLOv5's Detect head splits its sigmoid output into xy, wh and conf and an
# attention block splits a fused qkv projection. PyTorch runs this same text
# (tests/e2e/torch/same_text.py writes lib_split_keywords.torch.txt).
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).split(split_size=[c, c, c], dim=-1)
        q = q.reshape(b, n, self.heads, c // self.heads).transpose(1, 2)
        k = k.reshape(b, n, self.heads, c // self.heads).transpose(1, 2)
        v = v.reshape(b, n, self.heads, c // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1) * (c // self.heads) ** -0.5).softmax(dim=-1)
        return (att @ v).transpose(1, 2).reshape(b, n, c)


def decode(p, nc):
    xy, wh, conf = p.sigmoid().split((2, 2, nc + 1), 4)
    return torch.cat((xy * 2, (wh * 2) ** 2, conf), 4)


def halves(x):
    return torch.split(x, split_size_or_sections=3, dim=1), x.split(split_size=2)


torch.manual_seed(0)
att = Attention(8, 2)
x = torch.randn(2, 3, 8)
with torch.no_grad():
    print(att(x).sum(dim=-1))
p = torch.randn(1, 2, 2, 2, 7)
print(decode(p, 2).flatten()[:10])
a, b = halves(torch.arange(12.0).reshape(2, 6))
print(a, b)
print([t.shape for t in torch.arange(10).split(split_size=[3, 7])])
try:
    torch.arange(6).split(split_size=[2, 2])
except RuntimeError as e:
    print("RuntimeError")
