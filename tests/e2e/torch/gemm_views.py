# The PyTorch program behind tests/e2e/cases/gemm_views.ts (its output is gemm_views.torch.txt).
import torch
import torch.nn.functional as F
torch.set_printoptions(precision=4)

def data(n, scale):
    return torch.sin(torch.arange(n) * 0.37 + 0.1) * scale

def attention(x, w, b, wo, mask):
    B, T, C3 = x.shape
    qkv = x @ w.T + b
    C = C3 // 3
    H = 2
    D = C // H
    q = qkv[:, :, 0:C].reshape(B, T, H, D).transpose(1, 2)
    k = qkv[:, :, C:2 * C].reshape(B, T, H, D).transpose(1, 2)
    v = qkv[:, :, 2 * C:3 * C].reshape(B, T, H, D).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * (1.0 / D ** 0.5)
    att = F.softmax(att.masked_fill(mask == 0, float("-inf")), dim=-1)
    y = (att @ v).transpose(1, 2).reshape(B, T, C)
    return y @ wo.T

def operand_views(a, b, c):
    s1 = a[:, 1:6] @ b[2:7, :]
    s2 = a[1:4, 1:7][:, ::2] @ b[0:3]
    s3 = a.T[2:5] @ c.T
    s4 = a[2] @ b
    s5 = b[:, 3] @ a.T[:, 1:5]
    s6 = a.reshape(3, 2, 7)[1:, :, 2:5] @ b[0:3, 1:3]
    return s1, s2, s3, s4, s5, s6

def batched(x, y, z):
    p = x.reshape(3, 1, 4, 5) @ y.transpose(-2, -1)
    q = x.reshape(3, 4, 5)[:, 1:3] @ z.unsqueeze(0)
    r = x.reshape(3, 4, 5).permute(0, 2, 1)[:, ::2] @ z.expand(3, 5, 2)[:, 0:4]
    d = x.double().reshape(3, 1, 4, 5)[:, :, 1:] @ y.double().transpose(-2, -1)   # float64, batch 6
    return p, q, r, d.float()

def epilogues(x, w1, b1, w2, b2, wsq):
    h = torch.relu(x @ w1 + b1)
    o = x + (h @ w2 + b2.reshape(1, -1))
    g = F.gelu(x @ w2.T + w1[3], approximate="tanh")
    m = x @ wsq
    twice = (m + 1.0, m * m)
    t = (x @ wsq) + (x @ wsq).T
    sm = F.softmax(x @ wsq + b2[0:7], dim=-1)
    return o, g, twice[0], twice[1], t, sm

def int_views(a, b):
    return a[:, 1:4] @ b.T[0:3]

B, T, C = 2, 5, 6
x = data(B * T * 3 * C, 1.0).reshape(B, T, 3 * C)
w = data(3 * C * 3 * C, 0.3).reshape(3 * C, 3 * C)
bias = data(3 * C, 0.2)
wo = data(7 * C, 0.45).reshape(7, C)
mask = torch.tril(torch.ones(T, T)).reshape(1, 1, T, T)
print(attention(x, w, bias, wo, mask))
a = data(42, 1.0).reshape(6, 7)
b = data(63, 0.5).reshape(7, 9)
c = data(54, 0.7).reshape(9, 6)
for r in operand_views(a, b, c):
    print(r)
xb = data(60, 1.0)
yb = data(60, 0.5).reshape(2, 6, 5)
zb = data(10, 0.8).reshape(5, 2)
for r in batched(xb, yb, zb):
    print(r)
xe = data(49, 1.0).reshape(7, 7)
w1 = data(77, 0.3).reshape(7, 11)
b1 = data(11, 0.2)
w2 = data(77, 0.3).reshape(11, 7)
b2 = data(7, 0.1)
wsq = data(49, 0.25).reshape(7, 7)
for r in epilogues(xe, w1, b1, w2, b2, wsq):
    print(r)
ai = torch.arange(20).reshape(4, 5) - 7
bi = torch.arange(30).reshape(6, 5) % 4
print(int_views(ai, bi))
