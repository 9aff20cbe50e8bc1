# PyTorch twin of bench/gemm_views.ts's block (same data); compares with tcc's saved outputs.
import sys, numpy as np, torch
import torch.nn.functional as F
def data(n, s): return torch.sin(torch.arange(n) * 0.37) * s
B, T, C, H = 4, 256, 512, 8
D = C // H
x = data(B*T*C, 1.0).reshape(B, T, C)
wqkv = data(3*C*C, 0.05).reshape(3*C, C); bqkv = data(3*C, 0.1)
wo = data(C*C, 0.05).reshape(C, C); bo = data(C, 0.1)
w1 = data(4*C*C, 0.05).reshape(4*C, C); b1 = data(4*C, 0.1)
w2 = data(4*C*C, 0.03).reshape(C, 4*C); b2 = data(C, 0.1)
l1w = data(C, 0.2) + 1.0; l1b = data(C, 0.1); l2w = data(C, 0.2) + 1.0; l2b = data(C, 0.1)
mask = torch.tril(torch.ones(T, T)).reshape(1, 1, T, T)
h = F.layer_norm(x, (C,), l1w, l1b)
qkv = h @ wqkv.T + bqkv
q = qkv[:, :, 0:C].reshape(B, T, H, D).transpose(1, 2)
k = qkv[:, :, C:2*C].reshape(B, T, H, D).transpose(1, 2)
v = qkv[:, :, 2*C:3*C].reshape(B, T, H, D).transpose(1, 2)
att = (q @ k.transpose(-2, -1)) * (1.0 / D ** 0.5)
att = F.softmax(att.masked_fill(mask == 0, float("-inf")), dim=-1)
y = (att @ v).transpose(1, 2).reshape(B, T, C)
x = x + (y @ wo.T + bo)
h2 = F.gelu(F.layer_norm(x, (C,), l2w, l2b) @ w1.T + b1, approximate="tanh")
out = (x + (h2 @ w2.T + b2)).numpy()
print("torch sum", out.sum())
for p in sys.argv[1:]:
    o = np.load(p)
    d = np.abs(o - out)
    print(p, "max abs diff", d.max(), "max rel", (d / np.maximum(np.abs(out), 1)).max())
