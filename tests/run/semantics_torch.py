#!/usr/bin/env python3
"""Computes with PyTorch (1.13) the values tests/run/semantics.ts must print,
compiled and eagerly. Not run in CI (no PyTorch there): run it after changing
the program and paste its output into the CHECK-STDOUT lines, twice.
Intended differences from torch are marked in the code."""
import torch
from torch import tensor, zeros, ones, arange, exp, sqrt, float64, int32
float32 = torch.float32
def fmt(v):
    if isinstance(v, torch.dtype): return str(v)
    if isinstance(v, tuple): return "(" + ", ".join(fmt(x) for x in v) + ")"
    return str(v).replace("torch.", "")
def floor_div(x): return x // 0.1, x % 0.1, -x // 0.1
def int_div(a, b):
    # torch 1.13 dies with SIGFPE on INT64_MIN // -1; tcc wraps (intended, README)
    return torch.cat([tensor([-2**63]), a[1:] // b[1:]]), torch.cat([tensor([0]), a[1:] % b[1:]])
def promote(x, s):
    y = x + s
    return y.dtype, y
def x_float(n): return arange(n).float().dtype, arange(n).int().dtype, arange(n).to(float).dtype
def dtype_float(n): return zeros(n, dtype=float).dtype, ones(n, dtype=int).dtype, x_float(n)
def reductions(i, b): return i.sum().dtype, b.sum(), i.prod(), i.max().dtype
def unary_of_number(x): return exp(tensor(2.0)), sqrt(tensor(4)), x * exp(tensor(1.0))  # torch.exp(2.0) itself is a TypeError
def max_number(x): return torch.maximum(x, tensor(0.5)), torch.minimum(x, tensor(0.5)), torch.maximum(x, tensor(0.0))
def clamps(x, y):
    return (torch.clamp(x, min=0), torch.clamp(x, max=2), torch.clamp(x, -1.5, 2),
            torch.clamp(y, tensor(0.0, dtype=float64), tensor(1)))

def py_ints(k):
    n = 2 ** 53 + 1
    return n & 1, n | 2, n ^ 3, (n << 2) & 7, (3 ** 39) & (2**64 - 1) - (2**64 if (3**39) & (2**63) else 0), -7 // 2, -7 % 2, 7.5 // -2, -0.0 % 3.0, k
print(fmt(floor_div(tensor([1.0, 2.0, -3.0]))))
print(fmt(int_div(tensor([-2**63, 7, -7, 7]), tensor([-1, -2, 2, 3]))))
print(fmt(promote(tensor([1.0, 2.0]), tensor(1.5, dtype=float64))))
print(fmt(promote(tensor([1, 2], dtype=int32), tensor(5))))
print(fmt(promote(tensor([True, False]), tensor(5))))
print(fmt(promote(tensor([1, 2]), tensor(2.5, dtype=float64))))
print(fmt(dtype_float(3)))
print(fmt(reductions(tensor([1, 2, 3], dtype=int32), tensor([True, True, False]))))
print(fmt(unary_of_number(tensor([1.0]))))
print(fmt(max_number(tensor([1.0, -1.0, 0.25]))))
print(fmt(clamps(tensor([-3, 0, 2, 5]), tensor([-0.5, 0.5, 2.0, float("nan")]))))
print(fmt(py_ints(1)))
