# nn losses, lookups and attention with masks and heads, one graph each.
# e2e-kernels: 1
import nn

@fullgraph
def losses(logits, target, w, probs):
    a = nn.cross_entropy(logits, target)
    b = nn.cross_entropy(logits, target, ignore_index=2)
    c = nn.cross_entropy(logits, target, label_smoothing=0.1)
    d = nn.cross_entropy(logits, target, weight=w, label_smoothing=0.2, reduction="sum")
    e = nn.cross_entropy(logits, target, reduction="none")
    f = nn.nll_loss(nn.log_softmax(logits, 1), target, weight=w)
    g = nn.cross_entropy(logits, probs)
    return a, b, c, d, e, f, g

@fullgraph
def lookups(emb, tokens):
    return nn.embedding(tokens, emb), nn.one_hot(tokens, 6)

@fullgraph
def attn(x, w_qkv, w_o, mask):
    q = x.reshape(2, 4, 2, 3).transpose(1, 2)
    y = nn.scaled_dot_product_attention(q, q * 0.5, q + 1.0, attn_mask=mask)
    z = nn.scaled_dot_product_attention(q, q, q, is_causal=True, scale=0.3)
    m = nn.multi_head_attention(x, w_qkv, w_o, 2, causal=True)
    return y, z, m

logits = (arange(20).reshape(5, 4).float() * 0.7).sin() * 3.0
target = tensor([0, 3, 2, 1, 2])
w = tensor([1.0, 2.0, 0.5, 1.5])
probs = (arange(20).reshape(5, 4).float() * 0.3).cos().abs()
probs = probs / probs.sum(1, keepdim=True)
for t in losses(logits, target, w, probs):
    print(t)
emb = (arange(18).reshape(6, 3).float() * 0.4).cos()
tokens = tensor([[1, 5, 0], [2, 2, 4]])
for t in lookups(emb, tokens):
    print(t)
x = (arange(48).reshape(2, 4, 6).float() * 0.37).sin()
w_qkv = (arange(108).reshape(18, 6).float() * 0.11).cos() * 0.5
w_o = (arange(36).reshape(6, 6).float() * 0.23).sin() * 0.5
mask = tensor([[True, False, True, True], [True, True, False, True], [False, True, True, True], [True, True, True, False]])
for t in attn(x, w_qkv, w_o, mask):
    print(t)
