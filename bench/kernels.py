#!/usr/bin/env python3
"""NumPy and PyTorch eager versions of bench/kernels.ts, timed in-process
(time.perf_counter, best of ROUNDS). Same inputs as kernels.ts.

Usage: kernels.py {numpy|torch} THREADS [ROUNDS]   prints "kernel wall_ms cpu_ms" lines.
"""
import os
import sys
import time

lib, threads = sys.argv[1], int(sys.argv[2])
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5

import numpy as np  # noqa: E402


def data(n, scale):
    return (np.sin(np.arange(n, dtype=np.float32) * np.float32(0.37)) * np.float32(scale)).astype(np.float32)


def best(fn):
    """(best wall ms of `rounds` calls, mean CPU ms over all threads per call).

    CPU time is taken over the whole loop, not per call: the kernel charges
    another thread's CPU time to the process only at scheduler ticks, so a
    single short call can show less CPU than it used."""
    fn()
    t = float("inf")
    c0 = time.process_time()
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        t = min(t, time.perf_counter() - t0)
    c = (time.process_time() - c0) / rounds
    return t * 1e3, c * 1e3


x24 = data(1 << 24, 4.0)
x2d = data(4096 * 1024, 3.0).reshape(4096, 1024)
lw, lb = data(1024, 1.0) + 1, data(1024, 0.5)
mx = data(256 * 1024, 1.0).reshape(256, 1024)
w1, b1 = data(1024 * 4096, 0.03).reshape(1024, 4096), data(4096, 0.1)
w2, b2 = data(4096 * 1024, 0.03).reshape(4096, 1024), data(1024, 0.1)
u24 = data(1 << 24, 1.0)
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
        "conv2d": lambda: conv(cx, cw, cb),
    }
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
        "conv2d": lambda: torch.relu(F.conv2d(t["cx"], t["cw"], t["cb"], padding=1)),
    }
for name, fn in k.items():
    wall, cpu = best(fn)
    print(name, f"{wall:.3f}", f"{cpu:.3f}")
