# A GPT written as nanoGPT writes it (nn.Module, nn.Linear, nn.Embedding,
# nn.LayerNorm, nn.Dropout, nn.ModuleList/ModuleDict, weight tying,
# _init_weights through apply with torch.nn.init, generate), run as PyTorch
# runs it; PyTorch runs this same text (tests/e2e/torch/same_text.py writes
# torch_modules.torch.txt).
import math
import torch
import torch.nn as nn
from torch.nn import functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head, block_size, dropout):
        super().__init__()
        assert n_embd % n_head == 0
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.attn_dropout = nn.Dropout(dropout)
        self.resid_dropout = nn.Dropout(dropout)
        self.n_head = n_head
        self.n_embd = n_embd
        self.register_buffer("bias", torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.resid_dropout(self.c_proj(y))


class MLP(nn.Module):
    def __init__(self, n_embd, dropout):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * n_embd, n_embd)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.dropout(self.c_proj(self.gelu(self.c_fc(x))))


class Block(nn.Module):
    def __init__(self, n_embd, n_head, block_size, dropout):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, block_size, dropout)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = MLP(n_embd, dropout)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_2(x))
        return x


class GPT(nn.Module):
    def __init__(self, vocab_size, block_size, n_layer, n_head, n_embd, dropout=0.1):
        super().__init__()
        self.block_size = block_size
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab_size, n_embd),
            wpe=nn.Embedding(block_size, n_embd),
            drop=nn.Dropout(dropout),
            h=nn.ModuleList([Block(n_embd, n_head, block_size, dropout) for _ in range(n_layer)]),
            ln_f=nn.LayerNorm(n_embd),
        ))
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight
        self.apply(self._init_weights)
        for pn, p in self.named_parameters():
            if pn.endswith("c_proj.weight"):
                torch.nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * n_layer))

    def _init_weights(self, module):
        if isinstance(module, nn.Linear):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)
            if module.bias is not None:
                torch.nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)

    def get_num_params(self):
        return sum(p.numel() for p in self.parameters())

    def forward(self, idx, targets=None):
        b, t = idx.size()
        pos = torch.arange(0, t, dtype=torch.long)
        tok_emb = self.transformer.wte(idx)
        pos_emb = self.transformer.wpe(pos)
        x = self.transformer.drop(tok_emb + pos_emb)
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        logits = self.lm_head(x)
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        return logits, loss

    @torch.no_grad()
    def generate(self, idx, max_new_tokens, temperature=1.0, top_k=None):
        for _ in range(max_new_tokens):
            idx_cond = idx if idx.size(1) <= self.block_size else idx[:, -self.block_size:]
            logits, _ = self(idx_cond)
            logits = logits[:, -1, :] / temperature
            if top_k is not None:
                v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
                logits[logits < v[:, [-1]]] = -float('Inf')
            probs = F.softmax(logits, dim=-1)
            idx_next = torch.multinomial(probs, num_samples=1)
            idx = torch.cat((idx, idx_next), dim=1)
        return idx


torch.manual_seed(1337)
model = GPT(vocab_size=65, block_size=16, n_layer=2, n_head=4, n_embd=32)
print(model)
print("number of parameters:", model.get_num_params())
print([n for n, _ in model.named_parameters()][:6])
print(len(model.state_dict()), list(model.state_dict())[-3:])
print(model.lm_head.weight is model.transformer.wte.weight)

idx = torch.randint(0, 65, (4, 16))
targets = torch.randint(0, 65, (4, 16))
model.eval()
with torch.no_grad():
    logits, loss = model(idx, targets)
    print(logits.shape, logits.dtype, loss)
    print(logits[0, -1, :6])
    print(model.training, model.transformer.h[1].mlp.training)

# sampling past the block size (nanoGPT's generate: top-k, multinomial)
torch.manual_seed(42)
print(model.generate(torch.zeros((2, 1), dtype=torch.long), 20, temperature=0.8, top_k=10))

# a second model loads the first one's weights
torch.manual_seed(0)
other = GPT(vocab_size=65, block_size=16, n_layer=2, n_head=4, n_embd=32, dropout=0.0)
other.load_state_dict(model.state_dict())
other.eval()
with torch.no_grad():
    print(other.transformer.h[0].attn.c_attn.bias.abs().sum())
    print(torch.allclose(other(idx)[0], logits), other(idx)[1])

# layers built with their default initialisation
torch.manual_seed(3)
lin = nn.Linear(5, 3)
emb = nn.Embedding(4, 2, padding_idx=1)
conv = nn.Conv2d(2, 3, kernel_size=3, padding=1)
bn = nn.BatchNorm2d(3)
seq = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2), nn.Tanh())
with torch.no_grad():
    print(lin.weight.detach(), lin.bias.detach())
    print(emb.weight.detach())
    print(conv.weight[0, 0].detach(), conv.bias.detach())
    x = torch.randn(2, 2, 4, 4)
    y = bn(conv(x))
    print(y.mean(dim=(0, 2, 3)).abs().max() < 1e-5, y.var(dim=(0, 2, 3)), bn.running_mean, bn.num_batches_tracked)
    bn.eval()
    print(bn(conv(x))[1, 2, 0])
    print(seq(lin(torch.randn(4, 5))))
    print(seq, len(seq), seq[1])
    w = torch.empty(3, 4)
    print(torch.nn.init.xavier_uniform_(w), torch.nn.init.kaiming_normal_(w, nonlinearity="relu"))
    print(w.uniform_(-2, 2), torch.empty(20).normal_(5.0, 0.5)[-4:], torch.zeros(3, dtype=torch.float64).uniform_())
