# Issue 14, GEMM views and epilogues: the GPT-2-style block (B=4, T=256,
# C=512, 8 heads, causal, tanh-GELU MLP) and the MLP of bench/kernels.ts,
# each beside a program doing only its matrix products (same shapes).
#   tcc build bench/gemm_views.ts -o /tmp/gv
#   /tmp/gv MODE N [out.npy]     MODE: block | block_gemms | mlp | mlp_gemms
#   python3 bench/gemm_views_time.py 8 5 gv:block gv:block_gemms  (from /tmp)
#   /tmp/gv block 1 y.npy && python3 bench/gemm_views_torch.py y.npy  (vs PyTorch)
import nn

def block(x, wqkv, bqkv, wo, bo, w1, b1, w2, b2, l1w, l1b, l2w, l2b, mask):
    B, T, C = x.shape
    H = 8
    D = C // H
    h = nn.layer_norm(x, l1w, l1b)
    qkv = h @ wqkv.T + bqkv
    q = qkv[:, :, 0:C].reshape(B, T, H, D).transpose(1, 2)
    k = qkv[:, :, C:2 * C].reshape(B, T, H, D).transpose(1, 2)
    v = qkv[:, :, 2 * C:3 * C].reshape(B, T, H, D).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * (1.0 / D ** 0.5)
    att = att.masked_fill(mask == 0, float("-inf"))
    att = nn.softmax(att, dim=-1)
    y = (att @ v).transpose(1, 2).reshape(B, T, C)
    x = x + (y @ wo.T + bo)
    h2 = nn.gelu(nn.layer_norm(x, l2w, l2b) @ w1.T + b1, approximate="tanh")
    return x + (h2 @ w2.T + b2)

def gemms(h, wqkv, q, k, att, v, y, wo, h1, w1, h2, w2):
    a = h @ wqkv.T
    s = q @ k.transpose(-2, -1)
    o = att @ v
    p = y @ wo.T
    f = h1 @ w1.T
    g = h2 @ w2.T
    return a, s, o, p, f, g

def mlp(x, w1, b1, w2, b2):
    return relu(x @ w1 + b1) @ w2 + b2

def mlp_gemms(x, w1, h, w2):
    return x @ w1, h @ w2

def data(n, scale):
    return sin(arange(n) * 0.37) * scale

args = argv()
mode = args[0]
n = int(args[1])
if mode == "block" or mode == "block_gemms":
    B = 4
    T = 256
    C = 512
    x = data(B * T * C, 1.0).reshape(B, T, C)
    wqkv = data(3 * C * C, 0.05).reshape(3 * C, C)
    bqkv = data(3 * C, 0.1)
    wo = data(C * C, 0.05).reshape(C, C)
    bo = data(C, 0.1)
    w1 = data(4 * C * C, 0.05).reshape(4 * C, C)
    b1 = data(4 * C, 0.1)
    w2 = data(4 * C * C, 0.03).reshape(C, 4 * C)
    b2 = data(C, 0.1)
    l1w = data(C, 0.2) + 1.0
    l1b = data(C, 0.1)
    l2w = data(C, 0.2) + 1.0
    l2b = data(C, 0.1)
    mask = tril(ones(T, T)).reshape(1, 1, T, T)
    if mode == "block":
        for i in range(n):
            y = block(x, wqkv, bqkv, wo, bo, w1, b1, w2, b2, l1w, l1b, l2w, l2b, mask)
        if n > 0:
            print(y.sum())
            if len(args) > 2:
                save(args[2], y)
    else:
        q = data(B * 8 * T * 64, 1.0).reshape(B, 8, T, 64)
        k = data(B * 8 * T * 64, 0.5).reshape(B, 8, T, 64)
        att = data(B * 8 * T * T, 0.1).reshape(B, 8, T, T)
        xx = x.reshape(B * T, C)
        hh = data(B * T * 4 * C, 0.1).reshape(B * T, 4 * C)
        for i in range(n):
            r = gemms(xx, wqkv, q, k, att, q, xx, wo, xx, w1, hh, w2)
        if n > 0:
            print(r[0].sum())
else:
    x = data(262144, 1.0).reshape(256, 1024)
    w1 = data(4194304, 0.03).reshape(1024, 4096)
    b1 = data(4096, 0.1)
    w2 = data(4194304, 0.03).reshape(4096, 1024)
    b2 = data(1024, 0.1)
    h = data(1048576, 0.1).reshape(256, 4096)
    if mode == "mlp":
        for i in range(n):
            y = mlp(x, w1, b1, w2, b2)
        if n > 0:
            print(y.sum())
    else:
        for i in range(n):
            r = mlp_gemms(x, w1, h, w2)
        if n > 0:
            print(r[0].sum())
