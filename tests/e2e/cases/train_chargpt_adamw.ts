# A character-level GPT trained as nanoGPT trains it: token and position
# embeddings, causal self-attention with a masked_fill'ed mask, pre-norm
# blocks with GELU MLPs, weight tying, AdamW with decay / no-decay parameter
# groups, gradient clipping, and a warmup-then-cosine LambdaLR; then greedy
# sampling under no_grad. The numbers are PyTorch's: PyTorch runs this same
# text (tests/e2e/torch/same_text.py).
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(1)
text = "hello world, hello tensors. the quick brown fox jumps over the lazy dog. " * 3
chars = sorted(list(set(text)))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
V, T, C, H = len(chars), 16, 32, 4


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(C)
        self.qkv = nn.Linear(C, 3 * C)
        self.proj = nn.Linear(C, C)
        self.ln2 = nn.LayerNorm(C)
        self.fc = nn.Linear(C, 4 * C)
        self.out = nn.Linear(4 * C, C)
        self.register_buffer("mask", torch.tril(torch.ones(T, T)).view(1, 1, T, T))

    def forward(self, x):
        B, L, _ = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
        q = q.view(B, L, H, C // H).transpose(1, 2)
        k = k.view(B, L, H, C // H).transpose(1, 2)
        v = v.view(B, L, H, C // H).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(C // H))
        att = att.masked_fill(self.mask[:, :, :L, :L] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, L, C)
        x = x + self.proj(y)
        return x + self.out(F.gelu(self.fc(self.ln2(x))))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(V, C)
        self.wpe = nn.Embedding(T, C)
        self.blocks = nn.ModuleList([Block(), Block()])
        self.ln_f = nn.LayerNorm(C)
        self.lm_head = nn.Linear(C, V, bias=False)
        self.wte.weight = self.lm_head.weight

    def forward(self, idx, targets=None):
        B, L = idx.shape
        x = self.wte(idx) + self.wpe(torch.arange(L))
        for blk in self.blocks:
            x = blk(x)
        logits = self.lm_head(self.ln_f(x))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, V), targets.view(-1))
        return logits, loss


model = GPT()
decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}],
                        lr=3e-3, betas=(0.9, 0.95))
warmup, total = 5, 40


def lr_lambda(step):
    if step < warmup:
        return (step + 1) / warmup
    return 0.5 * (1 + math.cos(math.pi * (step - warmup) / (total - warmup)))


sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda)
print(sum(p.numel() for p in model.parameters()))
for step in range(total):
    ix = torch.randint(0, len(data) - T - 1, (8,))
    xb = torch.stack([data[i:i + T] for i in ix])
    yb = torch.stack([data[i + 1:i + T + 1] for i in ix])
    _, loss = model(xb, yb)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    sched.step()
    if step % 8 == 0 or step == total - 1:
        print(step, f"{loss.item():.4f}", f"{norm.item():.4f}", f"{sched.get_last_lr()[0]:.6f}")

with torch.no_grad():
    idx = data[:4].view(1, -1)
    for _ in range(12):
        logits, _ = model(idx[:, -T:])
        idx = torch.cat([idx, logits[:, -1, :].argmax(-1, keepdim=True)], dim=1)
print("".join(chars[i] for i in idx[0].tolist()))
print(f"{sum(p.sum() for p in model.parameters()).item():.4f}")
