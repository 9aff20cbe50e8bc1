#!/usr/bin/env python3
"""Computes with PyTorch (1.13) the values tests/run/inplace_methods.ts must
print, compiled and eagerly. Not run in CI (no PyTorch there): run it after
changing the program and paste its output into the CHECK-STDOUT lines, twice."""
import torch
from torch import tensor, zeros, float64


class Param:
    def __init__(self, w):
        self.w = w


def step(p, g, lr):
    p.w.sub_(g, alpha=lr)
    return p.w.sum()


def update(x, y):
    x.add_(y).mul_(2.0)
    z = x.clone()
    z.zero_()
    return z + x


def fresh(n):
    t = zeros(n)
    t.fill_(1.5)
    t.clamp_(max=1.0)
    u = t
    u.div_(4.0)
    return t, u


def copy_into(dst, src):
    dst.copy_(src)
    return dst.new_ones(2).type_as(src).to(float64)


p = Param(tensor([1.0, 2.0, 3.0]))
print(step(p, tensor([1.0, 2.0, 4.0]), 0.5), p.w)
a = tensor([1.0, -2.0])
alias = a
print(update(a, tensor([0.5, 0.5])), a, alias)
print(fresh(3))
d = zeros(2, 2)
print(copy_into(d, tensor([1, 2])), d)
i = tensor([1, 2, 3])
i.mul_(3)
i.clamp_(2, 7)
print(i, i.to(tensor(0.5)), i.to("cpu"), i.float().dtype, i.long().dtype)
