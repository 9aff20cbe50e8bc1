# The PyTorch program behind tests/e2e/cases/nn_losses_attention.ts (its output is nn_losses_attention.torch.txt).
import torch
import torch.nn.functional as F
torch.set_printoptions(precision=4)
def sdpa(q, k, v, attn_mask=None, is_causal=False, scale=None):
    s = scale if scale is not None else 1.0 / q.shape[-1] ** 0.5
    sc = (q @ k.transpose(-2, -1)) * s
    if is_causal:
        keep = torch.ones(sc.shape[-2], sc.shape[-1], dtype=torch.bool).tril()
        sc = sc.masked_fill(~keep, float("-inf"))
    if attn_mask is not None:
        sc = sc.masked_fill(~attn_mask, float("-inf")) if attn_mask.dtype == torch.bool else sc + attn_mask
    return torch.softmax(sc, -1) @ v
def mha(x, w_qkv, w_o, heads, causal):
    b, t, c = x.shape
    q, k, v = F.linear(x, w_qkv).chunk(3, -1)
    q = q.reshape(b, t, heads, c // heads).transpose(1, 2)
    k = k.reshape(b, t, heads, c // heads).transpose(1, 2)
    v = v.reshape(b, t, heads, c // heads).transpose(1, 2)
    y = sdpa(q, k, v, is_causal=causal)
    return F.linear(y.transpose(1, 2).reshape(b, t, c), w_o)
def losses(logits, target, w, probs):
    a = F.cross_entropy(logits, target)
    b = F.cross_entropy(logits, target, ignore_index=2)
    c = F.cross_entropy(logits, target, label_smoothing=0.1)
    d = F.cross_entropy(logits, target, weight=w, label_smoothing=0.2, reduction="sum")
    e = F.cross_entropy(logits, target, reduction="none")
    f = F.nll_loss(F.log_softmax(logits, 1), target, weight=w)
    g = F.cross_entropy(logits, probs)
    return a, b, c, d, e, f, g
logits = (torch.arange(20).reshape(5, 4).float() * 0.7).sin() * 3.0
target = torch.tensor([0, 3, 2, 1, 2])
w = torch.tensor([1.0, 2.0, 0.5, 1.5])
probs = (torch.arange(20).reshape(5, 4).float() * 0.3).cos().abs()
probs = probs / probs.sum(1, keepdim=True)
for t in losses(logits, target, w, probs):
    print(t)
emb = (torch.arange(18).reshape(6, 3).float() * 0.4).cos()
tokens = torch.tensor([[1, 5, 0], [2, 2, 4]])
for t in (F.embedding(tokens, emb), F.one_hot(tokens, 6)):
    print(t)
x = (torch.arange(48).reshape(2, 4, 6).float() * 0.37).sin()
w_qkv = (torch.arange(108).reshape(18, 6).float() * 0.11).cos() * 0.5
w_o = (torch.arange(36).reshape(6, 6).float() * 0.23).sin() * 0.5
mask = torch.tensor([[True, False, True, True], [True, True, False, True], [False, True, True, True], [True, True, True, False]])
q = x.reshape(2, 4, 2, 3).transpose(1, 2)
for t in (sdpa(q, q * 0.5, q + 1.0, attn_mask=mask), sdpa(q, q, q, is_causal=True, scale=0.3), mha(x, w_qkv, w_o, 2, True)):
    print(t)
