# One LLaMA decoder block as Meta's reference code writes it: RMSNorm,
# rotary position embeddings (RoPE) on queries and keys, grouped-query
# attention (8 query heads sharing 2 key/value heads, expanded with
# `repeat_interleave`), a causal mask, and the SwiGLU feed-forward.
#
#   tcc run examples/llama_block.ts
#   tcc explain examples/llama_block.ts   # `block` is one graph (@fullgraph)
#
# Weights are deterministic (sin/cos of positions) so the output can be
# checked against PyTorch (tests/e2e/torch/llama_block.py).
import nn


def weight(rows, cols, seed):
    return (arange(rows * cols).reshape(rows, cols).float() * (0.29 + seed * 0.013)).sin() * 0.1


# cos/sin tables of RoPE for `seq` positions and head size `hd` (theta 10000)
def rope_tables(seq, hd):
    inv = 1.0 / (10000.0 ** (arange(0, hd, 2).float() / hd))
    ang = outer(arange(seq).float(), inv)
    return ang.cos(), ang.sin()


# rotates pairs (x[..., 2i], x[..., 2i+1]) of x [B, T, H, hd] by the angles
def apply_rope(x, cos, sin):
    b, t, h, hd = x.shape
    xr = x.reshape(b, t, h, hd // 2, 2)
    x0 = xr[..., 0]
    x1 = xr[..., 1]
    c = cos.view(1, t, 1, hd // 2)
    s = sin.view(1, t, 1, hd // 2)
    return stack([x0 * c - x1 * s, x0 * s + x1 * c], -1).flatten(3)


class Block:
    def __init__(self, d, heads, kv_heads, hidden):
        self.heads = heads
        self.kv_heads = kv_heads
        self.hd = d // heads
        self.wq = weight(d, d, 1)
        self.wk = weight(kv_heads * self.hd, d, 2)
        self.wv = weight(kv_heads * self.hd, d, 3)
        self.wo = weight(d, d, 4)
        self.w1 = weight(hidden, d, 5)
        self.w2 = weight(d, hidden, 6)
        self.w3 = weight(hidden, d, 7)
        self.attn_norm = ones(d)
        self.ffn_norm = ones(d) * 1.1

    def attention(self, x, cos, sin):
        b, t, d = x.shape
        q = nn.linear(x, self.wq).view(b, t, self.heads, self.hd)
        k = nn.linear(x, self.wk).view(b, t, self.kv_heads, self.hd)
        v = nn.linear(x, self.wv).view(b, t, self.kv_heads, self.hd)
        q = apply_rope(q, cos, sin)
        k = apply_rope(k, cos, sin)
        rep = self.heads // self.kv_heads
        k = k.repeat_interleave(rep, dim=2)
        v = v.repeat_interleave(rep, dim=2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) / self.hd ** 0.5
        mask = triu(full((t, t), float("-inf")), 1)
        probs = (scores + mask).softmax(dim=-1)
        out = (probs @ v).transpose(1, 2).reshape(b, t, d)
        return nn.linear(out, self.wo)

    def feed_forward(self, x):
        return nn.linear(nn.silu(nn.linear(x, self.w1)) * nn.linear(x, self.w3), self.w2)

    def forward(self, x, cos, sin):
        h = x + self.attention(nn.rms_norm(x, x.shape[-1], self.attn_norm, eps=1e-6), cos, sin)
        return h + self.feed_forward(nn.rms_norm(h, h.shape[-1], self.ffn_norm, eps=1e-6))


@fullgraph
def block(layer, x, cos, sin):
    return layer.forward(x, cos, sin)


layer = Block(d=64, heads=8, kv_heads=2, hidden=172)
x = (arange(2 * 10 * 64).reshape(2, 10, 64).float() * 0.173).sin()
cos, sin = rope_tables(10, 8)
y = block(layer, x, cos, sin)
print("output:", y.shape)
print("mean:", round(y.mean().item(), 5), "std:", round(y.std().item(), 5))
print("first token:", y[0, 0, :5])
print("last token:", y[1, -1, -5:])
