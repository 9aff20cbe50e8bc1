# Sampling with a torch.Generator in a decode loop (issue 39, part 4): the
# draw `torch.multinomial(probs, 1, generator=g)` compiles into the step's
# graph, its random op taking g's id, and the kernel draws from g's state in
# the runtime as eager code does (it ran in the interpreter: 17 launches
# and 80 interpreted ops for 16 draws). Draws from g and from the default
# generator interleave as in torch. nanoGPT's generate() step (temperature,
# top-k, softmax, multinomial). PyTorch runs this same text.
# e2e-kernels: 1
import torch
import torch.nn as nn
from torch.nn import functional as F


class TinyLM(nn.Module):
    def __init__(self, vocab=12, dim=8):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        return self.lm_head(self.wte(idx))


def sample_next(model, idx, g, temperature=0.8, top_k=5):
    logits = model(idx)[:, -1, :] / temperature
    v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
    logits[logits < v[:, [-1]]] = -float('Inf')
    probs = F.softmax(logits, dim=-1)
    return torch.multinomial(probs, num_samples=1, generator=g)


torch.manual_seed(0)
model = TinyLM().eval()
g = torch.Generator().manual_seed(1234)
idx = torch.zeros((2, 1), dtype=torch.long)
with torch.no_grad():
    for _ in range(16):
        idx_next = sample_next(model, idx, g)
        noise = torch.rand(2, 1)  # the default generator, between g's draws
        idx = torch.cat((idx, idx_next), dim=1)
print(idx)
print(noise)
