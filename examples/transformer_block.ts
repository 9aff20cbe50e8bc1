# One pre-norm transformer block (causal self-attention + GELU MLP) on a
# batch of random token embeddings, written with stdlib `nn`.
#
#   tcc run examples/transformer_block.ts
#
# `block` is one graph (fullgraph): tcc fuses layer_norm, the attention
# softmax with its causal mask, and the MLP epilogues into a handful of loop
# nests around the matmuls (see `tcc build --emit graph`).
import nn

class Block:
    ln1_w: Tensor
    ln1_b: Tensor
    wq: Tensor
    wk: Tensor
    wv: Tensor
    wo: Tensor
    ln2_w: Tensor
    ln2_b: Tensor
    w1: Tensor
    b1: Tensor
    w2: Tensor
    b2: Tensor

    def forward(self, x):
        h = nn.layer_norm(x, self.ln1_w, self.ln1_b)
        a = nn.attention(h @ self.wq, h @ self.wk, h @ self.wv, causal=True)
        x = x + a @ self.wo
        h = nn.layer_norm(x, self.ln2_w, self.ln2_b)
        return x + nn.linear(nn.gelu(nn.linear(h, self.w1, self.b1)), self.w2, self.b2)

@fullgraph
def block(model, x):
    return model.forward(x)

manual_seed(0)
d = 32
wq = randn(d, d) * 0.1
wk = randn(d, d) * 0.1
wv = randn(d, d) * 0.1
wo = randn(d, d) * 0.1
w1 = randn(4 * d, d) * 0.1
w2 = randn(d, 4 * d) * 0.1
model = Block(ones(d), zeros(d), wq, wk, wv, wo, ones(d), zeros(d), w1, zeros(4 * d), w2, zeros(d))
x = randn(2, 8, d)
y = block(model, x)
print("output shape:", y.shape)
print("mean:", mean(y), "std:", sqrt(mean((y - mean(y)) ** 2)))
print("first token:", y[0, 0, :6])
print("last token:", y[1, 7, :6])
