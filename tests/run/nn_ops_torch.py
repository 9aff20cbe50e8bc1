#!/usr/bin/env python3
"""Computes with PyTorch (1.13) the values tests/run/nn_ops.ts must print,
compiled and eagerly. Not run in CI (no PyTorch there): run it after changing
the program and paste its output into the CHECK-STDOUT lines, twice.
torch 1.13 has no F.rms_norm: rms_norm is torch.nn.RMSNorm's formula."""
import torch
import torch.nn.functional as F
from torch import tensor, ones, float64


def rms_norm(x, shape, weight=None, eps=None):
    dims = tuple(range(-len(shape), 0))
    eps = torch.finfo(x.dtype).eps if eps is None else eps
    y = x * torch.rsqrt(x.pow(2).mean(dims, keepdim=True) + eps)
    return y * weight if weight is not None else y


def acts(x):
    return [F.silu(x), F.softplus(x), F.softplus(x, beta=2.0, threshold=1.0), F.leaky_relu(x),
            F.leaky_relu(x, negative_slope=0.2), F.elu(x), F.elu(x, alpha=0.5)]


def norms(x, w):
    return [rms_norm(x, (3,)), rms_norm(x, [3], weight=w, eps=1e-6), F.normalize(x),
            F.normalize(x, p=1.0, dim=0), F.cosine_similarity(x, x * w + 1.0),
            F.cosine_similarity(x, w, dim=-1, eps=1e-3)]


def losses(a, b):
    return [F.mse_loss(a, b), F.mse_loss(a, b, reduction="sum"), F.mse_loss(a, b, reduction="none"),
            F.l1_loss(a, b), F.l1_loss(a, b, reduction="sum"), F.smooth_l1_loss(a, b),
            F.smooth_l1_loss(a, b, beta=0.5, reduction="none")]


def softmaxes(x):
    return [F.softmax(x, dim=1), F.log_softmax(x, 0), x.softmax(-1), x.log_softmax(dim=1, dtype=float64),
            F.softmax(x, -1, dtype=float64)]


def drop(x, training):
    return F.dropout(x, p=0.25, training=training)


x = tensor([[-3.0, -0.5, 0.0], [0.25, 1.5, 25.0]])
w = tensor([0.5, -1.0, 2.0])
for r in acts(x):
    print(r)
for r in norms(x, w):
    print(r)
for r in losses(x, x * w):
    print(r)
for r in softmaxes(x):
    print(r)
torch.manual_seed(0)
print(drop(ones(4, 8), True))
print(F.dropout(x, 0.5, training=False))
