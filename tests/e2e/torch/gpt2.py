# The PyTorch program behind examples/gpt2.ts (its output is examples/gpt2.torch.txt).
import math
import torch
import torch.nn.functional as F
torch.set_printoptions(precision=4)
def weight(rows, cols, seed):
    return (torch.arange(rows * cols).reshape(rows, cols).float() * (0.37 + seed * 0.011)).sin() * 0.08
class Attention:
    def __init__(self, d, heads, seed):
        self.heads = heads
        self.c_attn_w = weight(3 * d, d, seed); self.c_attn_b = torch.zeros(3 * d)
        self.c_proj_w = weight(d, d, seed + 1); self.c_proj_b = torch.zeros(d)
    def forward(self, x):
        b, t, c = x.shape
        q, k, v = F.linear(x, self.c_attn_w, self.c_attn_b).chunk(3, dim=-1)
        hs = c // self.heads
        q = q.view(b, t, self.heads, hs).transpose(1, 2)
        k = k.view(b, t, self.heads, hs).transpose(1, 2)
        v = v.view(b, t, self.heads, hs).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / hs ** 0.5)
        causal = torch.tril(torch.ones(t, t)).view(1, 1, t, t)
        att = att.masked_fill(causal == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
        return F.linear(y, self.c_proj_w, self.c_proj_b)
class Block:
    def __init__(self, d, heads, seed):
        self.ln_1_w = torch.ones(d); self.ln_1_b = torch.zeros(d)
        self.attn = Attention(d, heads, seed)
        self.ln_2_w = torch.ones(d); self.ln_2_b = torch.zeros(d)
        self.fc_w = weight(4 * d, d, seed + 2); self.fc_b = torch.zeros(4 * d)
        self.proj_w = weight(d, 4 * d, seed + 3); self.proj_b = torch.zeros(d)
    def forward(self, x):
        d = x.shape[-1]
        x = x + self.attn.forward(F.layer_norm(x, (d,), self.ln_1_w, self.ln_1_b))
        h = F.gelu(F.linear(F.layer_norm(x, (d,), self.ln_2_w, self.ln_2_b), self.fc_w, self.fc_b), approximate="tanh")
        return x + F.linear(h, self.proj_w, self.proj_b)
class GPT:
    def __init__(self, vocab, block_size, d, heads, layers):
        self.wte = weight(vocab, d, 0) * 4.0
        self.wpe = weight(block_size, d, 1) * 2.0
        self.blocks = [Block(d, heads, 10 * (i + 1)) for i in range(layers)]
        self.ln_f_w = torch.ones(d); self.ln_f_b = torch.zeros(d)
    def forward(self, idx):
        b, t = idx.shape
        pos = torch.arange(0, t)
        x = self.wte[idx] + self.wpe[pos]
        for blk in self.blocks:
            x = blk.forward(x)
        x = F.layer_norm(x, (x.shape[-1],), self.ln_f_w, self.ln_f_b)
        return x @ self.wte.T
def gpt2_loss(model, idx, targets):
    logits = model.forward(idx)
    loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.view(-1))
    return logits, loss
model = GPT(vocab=50, block_size=16, d=32, heads=4, layers=2)
idx = torch.tensor([[3, 14, 15, 9, 26, 5, 35, 8], [9, 7, 9, 3, 2, 38, 46, 26]])
targets = torch.tensor([[14, 15, 9, 26, 5, 35, 8, 9], [7, 9, 3, 2, 38, 46, 26, 4]])
logits, loss = gpt2_loss(model, idx, targets)
print("logits:", logits.shape)
print("loss:", round(loss.item(), 4))
print("next token:", logits[:, -1, :].argmax(-1))
print("top-3 at the end:", logits[0, -1].topk(3).indices)
