#!/usr/bin/env python3
"""PyTorch-eager twin of eager_overhead.ts: the same 7 ops per iteration on
16-element float32 tensors (plus one .item() in the item variant). Prints
the per-op time in microseconds, measured in-process with perf_counter
(best of 3 runs)."""
import sys
import time

import torch

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
with_item = len(sys.argv) > 2 and sys.argv[2] == "item"
torch.set_num_threads(1)
torch.manual_seed(0)
x = torch.randn(16)
y = torch.randn(16)


def run(iters):
    acc = 0.0
    for _ in range(iters):
        z = x + y
        z = z * 2.0
        z = torch.relu(z)
        z = z - y
        z = torch.exp(z * 0.01)
        s = z.sum()
        if with_item:
            acc += s.item()
    return acc


run(1000)  # warm up
best = float("inf")
for _ in range(3):
    t0 = time.perf_counter()
    run(n)
    best = min(best, time.perf_counter() - t0)
ops = 7 + (1 if with_item else 0)
print(f"{best / (n * ops) * 1e6:.3f}")
