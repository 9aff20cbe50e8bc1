#!/usr/bin/env python3
"""NumPy and PyTorch eager versions of bench/kernels.ts, timed in-process
(time.perf_counter). Same inputs as kernels.ts.

Usage: kernels.py [--mean] {numpy|torch} THREADS [ROUNDS [K1,K2,...]]   prints "kernel wall_ms cpu_ms" lines
       (gbreak: per loop iteration; gpt: the mean of ROUNDS forwards, not the best),
       then min, median and max wall ms of the ROUNDS calls. wall_ms is the best
       of the ROUNDS calls, or with --mean their mean, as tcc's figure is
       (bench/run.sh: (T(N + 1 calls) - T(1 call)) / N): on a shared machine
       the best single call dodges the bursts that a mean over many calls
       pays for, so only means compare fairly with tcc's.
       kernels.py gpt_check DIR   runs the GPT-style block in PyTorch on the inputs
       `kernels gpt_check 1 DIR` saved and prints the largest difference from tcc's output.
       kernels.py resnet_check DIR   the same for ResNet-18 (`kernels resnet_check 1 DIR`; its
       parameters are made here as in kernels.ts) and prints the difference and the largest |logit|.
       kernels.py ddpm_check DIR   the same for the DDPM sampler (`kernels ddpm_check 1 DIR`):
       the difference and the largest |x|.
"""
import os
import sys
import time

mean = "--mean" in sys.argv
if mean:
    sys.argv.remove("--mean")
lib = sys.argv[1]
threads = int(sys.argv[2]) if lib not in ("gpt_check", "resnet_check", "ddpm_check") else 2
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
only = set(sys.argv[4].split(",")) if len(sys.argv) > 4 else None  # time only these kernels

import numpy as np  # noqa: E402


def gpt_block(torch, x, ln1_w, ln1_b, attn_w, attn_b, aproj_w, aproj_b, ln2_w, ln2_b, fc_w, fc_b, mproj_w, mproj_b):
    """bench/kernels.ts gpt_block: GPT-2's block, 8 heads, causal, tanh-GELU."""
    F = torch.nn.functional
    b, t, c = x.shape
    hs = c // 8
    q, k, v = F.linear(F.layer_norm(x, (c,), ln1_w, ln1_b), attn_w, attn_b).chunk(3, dim=-1)
    q = q.view(b, t, 8, hs).transpose(1, 2)
    k = k.view(b, t, 8, hs).transpose(1, 2)
    v = v.view(b, t, 8, hs).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * (1.0 / hs ** 0.5)
    causal = torch.tril(torch.ones(t, t)).view(1, 1, t, t)
    att = torch.softmax(att.masked_fill(causal == 0, float("-inf")), dim=-1)
    y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
    x = x + F.linear(y, aproj_w, aproj_b)
    h = F.gelu(F.linear(F.layer_norm(x, (c,), ln2_w, ln2_b), fc_w, fc_b), approximate="tanh")
    return x + F.linear(h, mproj_w, mproj_b)


GPT_NAMES = ["x", "ln1_w", "ln1_b", "attn_w", "attn_b", "aproj_w", "aproj_b", "ln2_w", "ln2_b", "fc_w", "fc_b",
             "mproj_w", "mproj_b"]

def resnet18(torch):
    """bench/kernels.ts ResNet18 (eval mode) with the same deterministic
    parameters (waves sin(arange(n) * f) * scale): returns forward(x)."""
    F = torch.nn.functional

    def rwave(n, f, scale):
        return torch.from_numpy(np.sin(np.arange(n, dtype=np.float32) * np.float32(f)) * np.float32(scale))

    def conv_bn(c_in, c_out, k, stride, padding, seed):
        fan = c_in * k * k
        w = rwave(c_out * fan, 0.1 + 0.0137 * seed, (3.0 / fan) ** 0.5).reshape(c_out, c_in, k, k)
        mean, var = rwave(c_out, 0.3 + 0.011 * seed, 0.1), rwave(c_out, 0.7 + 0.013 * seed, 0.5) ** 2 + 1.0
        gamma, beta = rwave(c_out, 0.5 + 0.017 * seed, 0.1) + 1.0, rwave(c_out, 0.9 + 0.019 * seed, 0.1)
        return lambda x: F.batch_norm(F.conv2d(x, w, None, stride, padding), mean, var, gamma, beta, False)

    def block(c_in, c_out, stride, seed):
        c1, c2 = conv_bn(c_in, c_out, 3, stride, 1, seed), conv_bn(c_out, c_out, 3, 1, 1, seed + 1)
        down = conv_bn(c_in, c_out, 1, stride, 0, seed + 2) if stride != 1 or c_in != c_out else None
        return lambda x: torch.relu(c2(torch.relu(c1(x))) + (x if down is None else down(x)))

    stem = conv_bn(3, 64, 7, 2, 3, 0)
    blocks, c_in, seed = [], 64, 1
    for c_out, stride in [(64, 1), (128, 2), (256, 2), (512, 2)]:
        blocks += [block(c_in, c_out, stride, seed), block(c_out, c_out, 1, seed + 3)]
        c_in, seed = c_out, seed + 6
    fc_w, fc_b = rwave(512000, 0.031, 0.04).reshape(1000, 512), rwave(1000, 0.29, 0.01)

    def forward(x):
        with torch.no_grad():
            x = F.max_pool2d(torch.relu(stem(x)), 3, 2, 1)
            for b in blocks:
                x = b(x)
            return F.linear(torch.flatten(F.adaptive_avg_pool2d(x, (1, 1)), 1), fc_w, fc_b)

    return forward


if lib == "resnet_check":
    import torch

    d = sys.argv[2]
    ref = resnet18(torch)(torch.from_numpy(np.load(f"{d}/x.npy"))).numpy()
    got = np.load(f"{d}/y_tcc.npy")
    diff = float(np.max(np.abs(ref.astype(np.float64) - got)))
    print(f"{diff:.2e} {float(np.max(np.abs(ref))):.3f}")
    sys.exit(0)

def ddpm(torch, x, betas, w1, b1, w2, b2):
    alphas = 1.0 - betas
    alpha_bar = torch.cumprod(alphas, 0)
    for t in reversed(range(betas.shape[0])):
        eps = torch.relu(x @ w1 + b1) @ w2 + b2
        x = (x - betas[t] / torch.sqrt(1 - alpha_bar[t]) * eps) / torch.sqrt(alphas[t])
    return x


DDPM_NAMES = ["x", "betas", "w1", "b1", "w2", "b2"]
if lib == "ddpm_check":
    import torch

    d = sys.argv[2]
    ref = ddpm(torch, *[torch.from_numpy(np.load(f"{d}/{n}.npy")) for n in DDPM_NAMES]).numpy()
    got = np.load(f"{d}/y_tcc.npy")
    print(f"{float(np.max(np.abs(ref.astype(np.float64) - got))):.2e} {float(np.max(np.abs(ref))):.3f}")
    sys.exit(0)

if lib == "gpt_check":
    import torch

    d = sys.argv[2]
    ins = [torch.from_numpy(np.load(f"{d}/{n}.npy")) for n in GPT_NAMES]
    with torch.no_grad():
        ref = gpt_block(torch, *ins).numpy()
    got = np.load(f"{d}/y_tcc.npy")
    diff = float(np.max(np.abs(ref.astype(np.float64) - got)))
    print(f"{diff:.2e} {float(np.max(np.abs(ref))):.3f} {float(ref.astype(np.float64).sum()):.4f} {float(got.astype(np.float64).sum()):.4f}")
    sys.exit(0)


def data(n, scale):
    return (np.sin(np.arange(n, dtype=np.float32) * np.float32(0.37)) * np.float32(scale)).astype(np.float32)


def best(fn):
    """(best wall ms of `rounds` calls, or their mean with --mean; mean CPU ms over all threads per call;
    (min, median, max) wall ms of the calls).

    CPU time is taken over the whole loop, not per call: the kernel charges
    another thread's CPU time to the process only at scheduler ticks, so a
    single short call can show less CPU than it used."""
    fn()
    ts = []
    c0 = time.process_time()
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    c = (time.process_time() - c0) / rounds
    wall = sum(ts) / len(ts) if mean else min(ts)
    ts.sort()
    return wall * 1e3, c * 1e3, (ts[0] * 1e3, ts[(len(ts) - 1) // 2] * 1e3, ts[-1] * 1e3)


x24 = data(1 << 24, 4.0)
x2d = data(4096 * 1024, 3.0).reshape(4096, 1024)
lw, lb = data(1024, 1.0) + 1, data(1024, 0.5)
mx = data(256 * 1024, 1.0).reshape(256, 1024)
w1, b1 = data(1024 * 4096, 0.03).reshape(1024, 4096), data(4096, 0.1)
w2, b2 = data(4096 * 1024, 0.03).reshape(4096, 1024), data(1024, 0.1)
u24 = data(1 << 24, 1.0)
gx, gw = data(1024, 1.0), (np.cos(np.arange(1024, dtype=np.float32) * np.float32(0.11)) * np.float32(0.1)).astype(np.float32)
GB_ITERS = 2000


def wave(n, scale, f):
    return (np.sin(np.arange(n, dtype=np.float32) * np.float32(f)) * np.float32(scale)).astype(np.float32)


gpt_ins = [wave(524288, 1.0, 0.37).reshape(4, 256, 512), wave(512, 0.1, 0.5) + 1, wave(512, 0.02, 0.7),
           wave(786432, 0.05, 0.013).reshape(1536, 512), wave(1536, 0.02, 0.3),
           wave(262144, 0.05, 0.017).reshape(512, 512), wave(512, 0.02, 0.9),
           wave(512, 0.1, 0.6) + 1, wave(512, 0.02, 0.8),
           wave(1048576, 0.05, 0.011).reshape(2048, 512), wave(2048, 0.02, 0.4),
           wave(1048576, 0.03, 0.019).reshape(512, 2048), wave(512, 0.02, 1.1)]
cx = data(8 * 64 * 56 * 56, 1.0).reshape(8, 64, 56, 56)
cw, cb = data(64 * 64 * 9, 0.05).reshape(64, 64, 3, 3), data(64, 0.1)

if lib == "numpy":
    a, b = np.float32(1.5), np.float32(0.5)

    def sig(x):
        return 1 / (1 + np.exp(-x))

    def softmax(x):
        e = np.exp(x - x.max(1, keepdims=True))
        return e / e.sum(1, keepdims=True)

    def layer_norm(x):
        mu = x.mean(-1, keepdims=True)
        xc = x - mu
        return xc / np.sqrt((xc * xc).mean(-1, keepdims=True) + np.float32(1e-5)) * lw + lb

    def conv(x, w, bias):  # im2col by a strided window view, then one BLAS contraction
        xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
        cols = np.lib.stride_tricks.sliding_window_view(xp, (3, 3), axis=(2, 3))  # [N, C, H, W, 3, 3]
        y = np.tensordot(cols, w, axes=([1, 4, 5], [1, 2, 3]))  # [N, H, W, O]
        return np.maximum(y.transpose(0, 3, 1, 2) + bias[:, None, None], 0)

    k = {
        "chain": lambda: np.maximum(x24 * a + b, 0) * sig(x24) - np.tanh(x24) / 2,
        "softmax": lambda: softmax(x2d),
        "layer_norm": lambda: layer_norm(x2d),
        "mlp": lambda: np.maximum(mx @ w1 + b1, 0) @ w2 + b2,
        "sum": lambda: u24.sum(),
        "max": lambda: u24.max(),
        "sum_max": lambda: (u24.sum(), u24.max()),
        "conv2d": lambda: conv(cx, cw, cb),
    }

    def gbreak():
        x = gx
        for _ in range(GB_ITERS):
            x = np.tanh(x * np.float32(0.9) + gw)
            x = x + (np.float32(-0.01) if x.sum() > 0 else np.float32(0.01))
        return x

    k["gbreak"] = gbreak
else:
    import torch

    torch.set_num_threads(threads)
    t = {n: torch.from_numpy(v) for n, v in dict(x24=x24, x2d=x2d, lw=lw, lb=lb, mx=mx, w1=w1, b1=b1, w2=w2, b2=b2, u24=u24,
                                                 cx=cx, cw=cw, cb=cb).items()}
    F = torch.nn.functional
    k = {
        "chain": lambda: torch.relu(t["x24"] * 1.5 + 0.5) * torch.sigmoid(t["x24"]) - torch.tanh(t["x24"]) / 2,
        "softmax": lambda: torch.softmax(t["x2d"], 1),
        "layer_norm": lambda: F.layer_norm(t["x2d"], (1024,), t["lw"], t["lb"]),
        "mlp": lambda: torch.relu(t["mx"] @ t["w1"] + t["b1"]) @ t["w2"] + t["b2"],
        "sum": lambda: t["u24"].sum(),
        "max": lambda: t["u24"].max(),
        "sum_max": lambda: (t["u24"].sum(), t["u24"].max()),
        "conv2d": lambda: torch.relu(F.conv2d(t["cx"], t["cw"], t["cb"], padding=1)),
    }
    tgx, tgw = torch.from_numpy(gx), torch.from_numpy(gw)

    def gbreak():
        x = tgx
        for _ in range(GB_ITERS):
            x = torch.tanh(x * 0.9 + tgw)
            x = x + (-0.01 if x.sum() > 0 else 0.01)
        return x

    k["gbreak"] = gbreak
    tgpt = [torch.from_numpy(a) for a in gpt_ins]

    def gpt():
        with torch.no_grad():
            return gpt_block(torch, *tgpt)

    k["gpt"] = gpt
    rx = torch.from_numpy(wave(602112, 1.0, 0.37).reshape(4, 3, 224, 224))
    rnet = resnet18(torch)
    k["resnet"] = lambda: rnet(rx)
    dx = torch.from_numpy(data(8192, 1.0).reshape(128, 64))
    dps = [torch.linspace(1e-4, 0.02, 200), (torch.cos(torch.arange(16384) * 0.7) * 0.1).reshape(64, 256),
           torch.from_numpy(data(256, 0.05)), (torch.cos(torch.arange(16384) * 0.3) * 0.06).reshape(256, 64),
           torch.from_numpy(data(64, 0.02))]

    def ddpm_sample():
        with torch.no_grad():
            return ddpm(torch, dx, *dps)

    k["ddpm"] = ddpm_sample
for name, fn in k.items():
    if only is not None and name not in only:
        continue
    if name in ("gpt", "resnet", "ddpm"):  # the mean per forward, after one untimed call, as tcc's (T(N + 1) - T(1)) / N
        fn()
        c0, t0 = time.process_time(), time.perf_counter()
        for _ in range(rounds):
            fn()
        wall, cpu = (time.perf_counter() - t0) / rounds * 1e3, (time.process_time() - c0) / rounds * 1e3
        spread = (wall, wall, wall)
    else:
        wall, cpu, spread = best(fn)
    if name == "gbreak":
        wall, cpu = wall / GB_ITERS, cpu / GB_ITERS
        print(name, f"{wall:.5f}", f"{cpu:.5f}")
    else:
        print(name, f"{wall:.3f}", f"{cpu:.3f}", " ".join(f"{v:.3f}" for v in spread))
