# The PyTorch program behind examples/llama_block.ts (its output is examples/llama_block.torch.txt).
import torch
import torch.nn.functional as F
torch.set_printoptions(precision=4)
def weight(rows, cols, seed):
    return (torch.arange(rows * cols).reshape(rows, cols).float() * (0.29 + seed * 0.013)).sin() * 0.1
def rope_tables(seq, hd):
    inv = 1.0 / (10000.0 ** (torch.arange(0, hd, 2).float() / hd))
    ang = torch.outer(torch.arange(seq).float(), inv)
    return ang.cos(), ang.sin()
def apply_rope(x, cos, sin):
    b, t, h, hd = x.shape
    xr = x.reshape(b, t, h, hd // 2, 2)
    x0 = xr[..., 0]; x1 = xr[..., 1]
    c = cos.view(1, t, 1, hd // 2); s = sin.view(1, t, 1, hd // 2)
    return torch.stack([x0 * c - x1 * s, x0 * s + x1 * c], -1).flatten(3)
def rms_norm(x, w, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w
class Block:
    def __init__(self, d, heads, kv_heads, hidden):
        self.heads = heads; self.kv_heads = kv_heads; self.hd = d // heads
        self.wq = weight(d, d, 1); self.wk = weight(kv_heads * self.hd, d, 2)
        self.wv = weight(kv_heads * self.hd, d, 3); self.wo = weight(d, d, 4)
        self.w1 = weight(hidden, d, 5); self.w2 = weight(d, hidden, 6); self.w3 = weight(hidden, d, 7)
        self.attn_norm = torch.ones(d); self.ffn_norm = torch.ones(d) * 1.1
    def attention(self, x, cos, sin):
        b, t, d = x.shape
        q = F.linear(x, self.wq).view(b, t, self.heads, self.hd)
        k = F.linear(x, self.wk).view(b, t, self.kv_heads, self.hd)
        v = F.linear(x, self.wv).view(b, t, self.kv_heads, self.hd)
        q = apply_rope(q, cos, sin); k = apply_rope(k, cos, sin)
        rep = self.heads // self.kv_heads
        k = k.repeat_interleave(rep, dim=2); v = v.repeat_interleave(rep, dim=2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) / self.hd ** 0.5
        mask = torch.triu(torch.full((t, t), float("-inf")), 1)
        probs = (scores + mask).softmax(dim=-1)
        out = (probs @ v).transpose(1, 2).reshape(b, t, d)
        return F.linear(out, self.wo)
    def feed_forward(self, x):
        return F.linear(F.silu(F.linear(x, self.w1)) * F.linear(x, self.w3), self.w2)
    def forward(self, x, cos, sin):
        h = x + self.attention(rms_norm(x, self.attn_norm, 1e-6), cos, sin)
        return h + self.feed_forward(rms_norm(h, self.ffn_norm, 1e-6))
layer = Block(d=64, heads=8, kv_heads=2, hidden=172)
x = (torch.arange(2 * 10 * 64).reshape(2, 10, 64).float() * 0.173).sin()
cos, sin = rope_tables(10, 8)
y = layer.forward(x, cos, sin)
print("output:", y.shape)
print("mean:", round(y.mean().item(), 5), "std:", round(y.std().item(), 5))
print("first token:", y[0, 0, :5])
print("last token:", y[1, -1, -5:])
