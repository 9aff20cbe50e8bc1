# The PyTorch program behind tests/e2e/cases/index_ops.ts (its output is index_ops.torch.txt).
import torch
torch.set_printoptions(precision=4)
def embed(emb, tokens, pos):
    h = emb[tokens] + pos[torch.arange(tokens.shape[1])]
    return h.transpose(0, 1).reshape(tokens.shape[1], -1)
def pick(logits, y):
    n = logits.shape[0]
    return logits[torch.arange(n), y]
def gathers(x, idx):
    a = torch.gather(x, 1, idx)
    b = x.index_select(0, idx[0])
    c = x[:, idx[1]]
    v, i = x.max(1)
    m = x.min(dim=0)
    return a * 2.0, b, c, v, i, m.values, m.indices
emb = torch.arange(40).reshape(10, 4).float() * 0.5
pos = torch.arange(12).reshape(3, 4).float()
tokens = torch.tensor([[1, 2, 3], [9, 0, -1]])
print(embed(emb, tokens, pos))
logits = torch.arange(12).reshape(4, 3).float().sin()
y = torch.tensor([2, 0, 1, 1])
print(pick(logits, y))
x = torch.tensor([[3.0, 1.0, 4.0], [1.0, 5.0, 9.0], [2.0, 6.0, 5.0]])
idx = torch.tensor([[0, 2, 1], [2, 2, 0], [1, 0, 0]])
for t in gathers(x, idx):
    print(t)
