#!/usr/bin/env python3
"""Makes the data of examples/mlp_classifier.ts: a 3-class "three blobs on a
ring" problem in 2-D and a 2-16-3 MLP trained on it with plain full-batch
gradient descent (NumPy only, fixed seed, so the files are reproducible).

Writes (float32 unless noted) into the folder of this script:
  w1.npy [2,16]  b1.npy [16]  w2.npy [16,3]  b2.npy [3]
  x_test.npy [300,2]  y_test.npy [300] (int64)
Usage: python3 examples/data/make_mlp_data.py   (needs python3-numpy)
"""
import os

import numpy as np

rng = np.random.default_rng(7)
here = os.path.dirname(os.path.abspath(__file__))


def blobs(n):
    y = rng.integers(0, 3, n)
    angle = y * (2 * np.pi / 3) + rng.normal(0, 0.6, n)
    r = 1.0 + rng.normal(0, 0.25, n)
    x = np.stack([r * np.cos(angle), r * np.sin(angle)], 1)
    return x.astype(np.float32), y.astype(np.int64)


x_train, y_train = blobs(1200)
x_test, y_test = blobs(300)

w1 = rng.normal(0, 0.7, (2, 16)).astype(np.float32)
b1 = np.zeros(16, np.float32)
w2 = rng.normal(0, 0.4, (16, 3)).astype(np.float32)
b2 = np.zeros(3, np.float32)
onehot = np.eye(3, dtype=np.float32)[y_train]
lr = 0.5
for step in range(400):
    h_pre = x_train @ w1 + b1
    h = np.maximum(h_pre, 0)
    logits = h @ w2 + b2
    p = np.exp(logits - logits.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    g = (p - onehot) / len(x_train)
    gw2, gb2 = h.T @ g, g.sum(0)
    gh = (g @ w2.T) * (h_pre > 0)
    gw1, gb1 = x_train.T @ gh, gh.sum(0)
    w1 -= lr * gw1
    b1 -= lr * gb1
    w2 -= lr * gw2
    b2 -= lr * gb2

pred = np.argmax(np.maximum(x_test @ w1 + b1, 0) @ w2 + b2, 1)
print(f"test accuracy (NumPy): {np.mean(pred == y_test):.4f}")
for name, arr in [("w1", w1), ("b1", b1), ("w2", w2), ("b2", b2), ("x_test", x_test), ("y_test", y_test)]:
    np.save(os.path.join(here, name + ".npy"), arr)
