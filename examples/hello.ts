# Hello, TensorScript (README.md): scaled dot-product attention written as
# for PyTorch, one @fullgraph graph of 10 ops fused into 3 loop nests.
import torch
import torch.nn.functional as F

@torch.compile(fullgraph=True)
def attention(q, k, v):
    scores = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
    return F.softmax(scores, dim=-1) @ v

torch.manual_seed(0)
q, k, v = torch.randn(2, 4, 8), torch.randn(2, 4, 8), torch.randn(2, 4, 8)
out = attention(q, k, v)
print(out.shape, round(out.sum().item(), 4))
