#!/usr/bin/env python3
"""Writes tests/e2e/ops_expected.json, the expected values of the
differential op test (check_ops.py), computed with PyTorch (1.13):

    /usr/bin/python3 tests/e2e/ops_torch.py

For every elementwise, reduction, contraction, view, layout and cast row of
semantics/builtins.def, in its function and its method form, over inputs of
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

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "..", "..", "semantics", "builtins.def")

ROW = re.compile(r'^TCC_BUILTIN\("(\w+)", (\w+), (\w+), (\w+), "(.*)"\)$')


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


def exprs(inp):
    out = []
    two_d = inp == "broadcast"
    for name, forms, rule in rows():
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
           "int32": torch.int32, "float32": torch.float32}
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
    with open(os.path.join(HERE, "ops_expected.json"), "w") as f:
        json.dump({"generated_by": "tests/e2e/ops_torch.py with torch " + torch.__version__, "cases": cases}, f, indent=1)
    print("wrote %d cases, %d rows" % (len(cases), sum(len(c["rows"]) for c in cases)))


if __name__ == "__main__":
    main()
