#!/usr/bin/env python3
"""Writes tests/e2e/ops_expected.json, the expected values of the
differential op test (check_ops.py), computed with PyTorch (1.13):

    /usr/bin/python3 tests/e2e/ops_torch.py

For every elementwise, reduction, contraction, view, layout and cast row of
lang/semantics/builtins.def, in its function and its method form, over inputs of
each dtype with edge values (negative, -0.0, inf, nan, 0-d, empty,
broadcasting), it records the TensorScript expression and torch's result
(dtype and values). Expressions torch rejects are left out. CI has no
PyTorch: the JSON is committed beside the test.

Intended differences from torch are not in the inputs: INT64_MIN // -1
(torch crashes), maximum/minimum of +0.0 and -0.0 (torch's answer depends on
vectorisation), Python numbers as arguments of tensor functions (torch
raises).
"""
import json
import math
import os
import re

import torch
import torch.nn.functional as functional

from ops_structured import CASES as STRUCTURED

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "..", "..", "lang", "semantics", "builtins.def")

ROW = re.compile(r'^TCC_BUILTIN\((\w+), (\w+), (\w+), (\w+), "(.*)"\)$')


def rows():
    for line in open(TABLE):
        m = ROW.match(line.strip())
        if m:
            yield m.group(1), m.group(2), m.group(4)


F = "[-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, float('inf'), float('-inf'), float('nan')]"
G = "[2.0, -3.0, 1.5, -0.5, 0.25, 4.0, -2.0, 3.0, float('inf'), 1.0]"
I = "[-7, -1, 0, 1, 2, 5, 7, 3]"
J = "[2, 3, -2, 5, 1, -3, 7, 2]"
INPUTS = {  # name: (x, y) in TensorScript syntax, which torch also reads with `tensor` and dtypes in scope
    "f32": ("tensor(%s)" % F, "tensor(%s)" % G),
    "f64": ("tensor(%s, dtype=float64)" % F, "tensor(%s, dtype=float64)" % G),
    "i64": ("tensor(%s)" % I, "tensor(%s)" % J),
    "i32": ("tensor(%s, dtype=int32)" % I, "tensor(%s, dtype=int32)" % J),
    "bool": ("tensor([True, False, True, False])", "tensor([True, True, False, False])"),
    "zero_dim": ("tensor(1.5)", "tensor(-2.0, dtype=float64)"),
    "empty": ("zeros(0)", "zeros(0)"),
    "broadcast": ("tensor([[1.0], [-2.0]])", "tensor([0.5, -1.0, 3.0])"),
    "mixed": ("tensor([1, -2, 3])", "tensor(2.5, dtype=float64)"),
}

UNARY_EXTRA = {}
BINARY_SECOND = ["y", "2", "0.5"]
VIEWS = {  # on a 2-d input only
    "transpose": "(x, 0, 1)", "permute": "(x, 1, 0)", "reshape": "(x, -1)", "view": "(x, -1)",
    "flatten": "(x)", "squeeze": "(x, 1)", "unsqueeze": "(x, 0)", "expand": "(x, 2, 3)",
}


# ---- issue 11 (elementwise, reductions, scans, in-place, conversions): rows
# with keyword arguments, written out; (TensorScript, torch) pairs. These
# names get no generic rows (their signatures are not the generic ones).
def issue11(two_d):
    e = [
        ("square(x)", "torch.square(x)"), ("x.square()", "x.square()"), ("x.round()", "x.round()"), ("x.round(decimals=1)", "x.round(decimals=1)"), ("x.round(decimals=-1)", "x.round(decimals=-1)"),
        ("nan_to_num(x)", "torch.nan_to_num(x)"),
        ("nan_to_num(x, nan=1.0, posinf=2.0, neginf=-2.0)", "torch.nan_to_num(x, nan=1.0, posinf=2.0, neginf=-2.0)"),
        ("x.nan_to_num(posinf=7.0)", "x.nan_to_num(posinf=7.0)"),
        ("lerp(x, y, 0.25)", "torch.lerp(x, y, 0.25)"), ("x.lerp(y, 0.75)", "x.lerp(y, 0.75)"),
        ("lerp(x, y, y * 0.0 + 0.4)", "torch.lerp(x, y, y * 0.0 + 0.4)"),
        ("amax(x)", "torch.amax(x)"), ("amax(x, 0)", "torch.amax(x, 0)"), ("x.amin(0, True)", "x.amin(0, True)"),
        ("x.amax(dim=0, keepdim=True)", "x.amax(dim=0, keepdim=True)"), ("amin(x)", "torch.amin(x)"),
        ("logsumexp(x, 0)", "torch.logsumexp(x, 0)"), ("x.logsumexp(0, True)", "x.logsumexp(0, True)"),
        ("var(x)", "torch.var(x)"), ("var(x, 0, unbiased=False)", "torch.var(x, 0, unbiased=False)"),
        ("x.var(0, keepdim=True)", "x.var(0, keepdim=True)"), ("x.var(0, correction=0)", "x.var(0, correction=0)"),
        ("std(x)", "torch.std(x)"), ("x.std(unbiased=False)", "x.std(unbiased=False)"),
        ("std(x, 0, True, True)", "torch.std(x, 0, True, True)"), ("x.std(0, correction=2)", "x.std(0, correction=2)"),
        ("norm(x)", "torch.norm(x)"), ("x.norm(1)", "x.norm(1)"), ('x.norm(float("inf"))', 'x.norm(float("inf"))'),
        ('norm(x, float("-inf"))', 'torch.norm(x, float("-inf"))'), ("x.norm(0)", "x.norm(0)"),
        ("norm(x, 3)", "torch.norm(x, 3)"), ("x.norm(p=2, dim=0, keepdim=True)", "x.norm(p=2, dim=0, keepdim=True)"),
        ("count_nonzero(x)", "torch.count_nonzero(x)"), ("x.count_nonzero(0)", "x.count_nonzero(0)"),
        ("sum(x, dtype=float64)", "torch.sum(x, dtype=torch.float64)"), ("x.sum(0, dtype=float32)", "x.sum(0, dtype=torch.float32)"),
        ("mean(x, dtype=float64)", "torch.mean(x, dtype=torch.float64)"), ("x.mean(0, dtype=float32)", "x.mean(0, dtype=torch.float32)"),
        ("x.prod(dtype=float64)", "x.prod(dtype=torch.float64)"),
        ("x.softmax(0)", "x.softmax(0)"), ("x.softmax(-1, dtype=float64)", "x.softmax(-1, dtype=torch.float64)"),
        ("x.log_softmax(0)", "x.log_softmax(0)"), ("x.log_softmax(dim=-1, dtype=float32)", "x.log_softmax(dim=-1, dtype=torch.float32)"),
        ("cumsum(x, 0)", "torch.cumsum(x, 0)"), ("x.cumsum(-1)", "x.cumsum(-1)"),
        ("cumsum(x, 0, dtype=float64)", "torch.cumsum(x, 0, dtype=torch.float64)"),
        ("cumprod(x, 0)", "torch.cumprod(x, 0)"), ("x.cumprod(dim=-1)", "x.cumprod(dim=-1)"),
        ("cumsum(exp(x) * 2.0, 0)", "torch.cumsum(torch.exp(x) * 2.0, 0)"),
        ("x.clone().add_(y)", "x.clone().add_(y)"), ("x.clone().add_(y, alpha=2)", "x.clone().add_(y, alpha=2)"),
        ("x.clone().sub_(2)", "x.clone().sub_(2)"), ("x.clone().sub_(y, alpha=0.5)", "x.clone().sub_(y, alpha=0.5)"),
        ("x.clone().mul_(y)", "x.clone().mul_(y)"),
        ("x.clone().mul_(0.5)", "x.clone().mul_(0.5)"), ("x.clone().div_(2.0)", "x.clone().div_(2.0)"),
        ("x.clone().clamp_(-1, 1)", "x.clone().clamp_(-1, 1)"), ("x.clone().clamp_(min=0.5)", "x.clone().clamp_(min=0.5)"),
        ("x.clone().zero_()", "x.clone().zero_()"), ("x.clone().fill_(3)", "x.clone().fill_(3)"),
        ("x.clone().copy_(y)", "x.clone().copy_(y)"), ("x.clone().copy_(y[0])", "x.clone().copy_(y[0])"),
        ("x * 1", "x * 1"),  # x itself is unchanged by the clones' updates
        ("x.new_zeros(2, 3)", "x.new_zeros(2, 3)"), ("x.new_ones((2,))", "x.new_ones((2,))"),
        ("x.new_full((2, 2), 1.5)", "x.new_full((2, 2), 1.5)"), ("x.new_tensor([1, 2])", "x.new_tensor([1, 2])"),
        ("x.new_zeros(3, dtype=float64)", "x.new_zeros(3, dtype=torch.float64)"),
        ("x.type_as(y)", "x.type_as(y)"), ("x.to(y)", "x.to(y)"), ('x.to("cpu")', 'x.to("cpu")'),
        ('x.to("cpu", float64)', 'x.to("cpu", torch.float64)'), ("x.to(dtype=float64)", "x.to(dtype=torch.float64)"),
        ("x.to(float64, non_blocking=True)", "x.to(torch.float64, non_blocking=True)"),
        ("x.to(int32, copy=True)", "x.to(torch.int32, copy=True)"),
        ('x.to(device="cpu", dtype=float64)', 'x.to(device="cpu", dtype=torch.float64)'),
        ("square(x) + reciprocal(x + 4.0) + floor(x) + trunc(x * 1.5)", "torch.square(x) + torch.reciprocal(x + 4.0) + torch.floor(x) + torch.trunc(x * 1.5)"),
        ("erf(x) + log1p(abs(x)) + expm1(x * 0.1) + atan(x) + sign(x)", "torch.erf(x) + torch.log1p(torch.abs(x)) + torch.expm1(x * 0.1) + torch.atan(x) + torch.sign(x)"),
    ]
    if two_d:
        e += [
            ("amax(x, (0, 1))", "torch.amax(x, (0, 1))"), ("x.amin(dim=(0, 1), keepdim=True)", "x.amin(dim=(0, 1), keepdim=True)"),
            ("logsumexp(x, (0, 1))", "torch.logsumexp(x, (0, 1))"), ("x.logsumexp(1)", "x.logsumexp(1)"),
            ("var(x, (0, 1))", "torch.var(x, (0, 1))"), ("x.std(1, keepdim=True)", "x.std(1, keepdim=True)"),
            ("norm(x, 2, 1)", "torch.norm(x, 2, 1)"), ("x.norm(1, (0, 1))", "x.norm(1, (0, 1))"),
            ("count_nonzero(x, (0, 1))", "torch.count_nonzero(x, (0, 1))"),
            ("sum(x, (0, 1))", "torch.sum(x, (0, 1))"), ("x.mean((0, 1), keepdim=True)", "x.mean((0, 1), keepdim=True)"),
            ("x.softmax(1)", "x.softmax(1)"), ("cumsum(x, 1)", "torch.cumsum(x, 1)"), ("x.cumprod(0)", "x.cumprod(0)"),
        ]
    return e


ISSUE11_EXPLICIT = {"round", "nan_to_num", "lerp", "amax", "amin", "logsumexp", "var", "std", "norm", "count_nonzero",
                    "softmax", "log_softmax", "cumsum", "cumprod", "add_", "sub_", "mul_", "div_", "clamp_", "zero_",
                    "fill_", "copy_", "new_zeros", "new_ones", "new_empty", "new_full", "new_tensor", "type_as", "square"}


INPLACE_TABLE = os.path.join(HERE, "..", "..", "lang", "semantics", "inplace_methods.def")
INPLACE_ROW = re.compile(r'^TCC_INPLACE_METHOD\("(\w+)", "(\w+)"\)$')
INPLACE_ARGS = {  # targets whose arguments are not those of their rule
    "masked_fill": "x > 0, -1.5", "tril": "", "triu": "", "lerp": "y, 0.25", "nan_to_num": "nan=1.0, posinf=2.0",
    "clamp_min": "0.5", "round": "", "pow": "2", "atan2": "y", "square": "",
}


def inplace_exprs(two_d):
    """x.clone().NAME_(args) for each row of lang/semantics/inplace_methods.def: the target's arguments."""
    rules = {name: rule for name, _, rule in rows()}
    out = []
    for line in open(INPLACE_TABLE):
        m = INPLACE_ROW.match(line.strip())
        if not m:
            continue
        name, target = m.groups()
        if target in ("tril", "triu") and not two_d:
            continue  # a matrix's
        if target in INPLACE_ARGS:
            args = [INPLACE_ARGS[target]]
        elif rules.get(target) == "Unary":
            args = [""]
        elif rules.get(target) == "Binary":
            args = ["y", "2"]
        else:
            raise SystemExit("ops_torch.py: no arguments for the in-place method %s" % name)
        for a in args:
            e = "x.clone().%s(%s)" % (name, a)
            out.append((e, e))
    return out


def exprs(inp):
    out = []
    two_d = inp == "broadcast"
    out += issue11(two_d)
    out += inplace_exprs(two_d)
    for name, forms, rule in rows():
        if name in ISSUE11_EXPLICIT:
            continue
        fn = forms in ("Fn", "Both", "PyFn", "PyBoth")
        meth = forms in ("Method", "Both", "PyBoth")
        args = []
        if rule == "Unary":
            args = [""]
        elif rule == "Binary":
            args = [", " + s for s in BINARY_SECOND]
        elif rule == "Ternary":
            args = [None]
        elif rule == "Reduce":
            args = ["", ", 0", ", 0, True"] + ([", 1"] if two_d else [])
        elif rule in ("Layout",):
            args = [""]
        elif rule == "Cast":
            args = [", float64"] if name in ("to", "type") else [""]
        elif rule == "View":
            if not two_d:
                continue
            if name in VIEWS:
                a = VIEWS[name][2:-1]
                args = [", " + a if a else ""]
            elif name == "t":
                args = [""]
            elif name == "expand_as":
                out.append(("x.expand_as(zeros(2, 3))", "x.expand_as(torch.zeros(2, 3))"))
                continue
            elif name in ("reshape_as", "view_as"):
                out.append(("x.%s(zeros(1, 2))" % name, "x.%s(torch.zeros(1, 2))" % name))
                continue
            elif name in ("T", "mT"):
                out.append(("x.%s" % name, "x.%s" % name))
                continue
            else:
                continue
        elif rule == "Contract":
            if two_d:
                out.append(("matmul(x, x.t())", "torch.matmul(x, x.t())"))
                out.append(("x.matmul(x.t())", "x.matmul(x.t())"))
            continue
        else:
            continue
        for a in args:
            if name == "where":
                out.append(("where(x > 0, x, y)", "torch.where(x > 0, x, y)"))
                out.append(("x.where(x > 0, y)", "x.where(x > 0, y)"))
                continue
            if name == "clamp":
                out.append(("clamp(x, -1, 2)", "torch.clamp(x, -1, 2)"))
                out.append(("x.clamp(-1.5, 2.5)", "x.clamp(-1.5, 2.5)"))
                out.append(("clamp(x, min=0)", "torch.clamp(x, min=0)"))
                continue
            if fn and rule not in ("Cast",):
                out.append(("%s(x%s)" % (name, a), "torch.%s(x%s)" % (name, a)))
            if meth:
                rest = a[2:] if a.startswith(", ") else a
                out.append(("x.%s(%s)" % (name, rest), "x.%s(%s)" % (name, rest)))
    return out


def flat(v):
    if isinstance(v, list):
        return [flat(x) for x in v]
    if isinstance(v, float) and math.isnan(v):
        return "nan"
    if isinstance(v, float) and math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def main():
    env = {"torch": torch, "tensor": torch.tensor, "zeros": torch.zeros, "float64": torch.float64,
           "int32": torch.int32, "float32": torch.float32, "exp": torch.exp, "abs": torch.abs}
    cases = []
    for inp, (xs, ys) in INPUTS.items():
        x, y = eval(xs, env), eval(ys, env)
        rows_out = []
        for ts, th in exprs(inp):
            if ts in [r["expr"] for r in rows_out]:
                continue
            try:
                r = eval(th, dict(env, x=x, y=y))
            except Exception:
                continue  # torch rejects it: not a case
            if isinstance(r, tuple):  # max(x, 0) returns (values, indices)
                continue
            rows_out.append({"expr": ts, "dtype": str(r.dtype).replace("torch.", ""),
                             "shape": list(r.shape), "values": flat(r.tolist())})
        cases.append({"input": inp, "x": xs.replace("float('inf')", 'float("inf")').replace("float('-inf')", 'float("-inf")').replace("float('nan')", 'float("nan")'),
                      "y": ys, "rows": rows_out})
    for c in cases:
        c["y"] = c["y"].replace("float('inf')", 'float("inf")').replace("float('-inf')", 'float("-inf")').replace("float('nan')", 'float("nan")')
    # The structured cases: every row must be one torch accepts (a row it
    # rejects is a mistake in ops_structured.py, not a case to drop).
    senv = dict(env, F=functional, arange=torch.arange, ones=torch.ones, int64=torch.int64, float32=torch.float32)
    for sc in STRUCTURED:
        x, y, z = (eval(sc[k], senv) for k in ("x", "y", "z"))
        rows_out = []
        for ts, th in sc["rows"]:
            try:
                r = eval(th, dict(senv, x=x, y=y, z=z))
            except Exception as e:
                raise SystemExit("%s: torch rejects %s: %s" % (sc["input"], th, e))
            if not isinstance(r, torch.Tensor):
                raise SystemExit("%s: %s is not a tensor" % (sc["input"], th))
            rows_out.append({"expr": ts, "dtype": str(r.dtype).replace("torch.", ""),
                             "shape": list(r.shape), "values": flat(r.tolist())})
        cases.append({"input": sc["input"], "x": sc["x"], "y": sc["y"], "z": sc["z"], "graph": sc["graph"],
                      "rows": rows_out})
    with open(os.path.join(HERE, "ops_expected.json"), "w") as f:
        json.dump({"generated_by": "tests/e2e/ops_torch.py with torch " + torch.__version__, "cases": cases}, f, indent=1)
    print("wrote %d cases, %d rows" % (len(cases), sum(len(c["rows"]) for c in cases)))


if __name__ == "__main__":
    main()
