#!/usr/bin/env python3
"""Differential op test (ctest e2e.ops_differential): every elementwise,
reduction, contraction, view, layout and cast builtin of
lang/semantics/builtins.def, in function and method form, over inputs of each
dtype with edge values, and the structured cases of ops_structured.py
(indexing, shape, sorting, joins, creation, conversions, every function of
stdlib/nn.ts with its keywords), run compiled (`tcc build`) and with
`--eager`, and compared with the values PyTorch computed (ops_expected.json,
written by ops_torch.py; CI needs no PyTorch). ops_coverage.py fails the
test when a builtin, an nn function or one of their keywords has no
expression; structured cases marked `graph` must compile with no graph
break.

One program per input set: a function returning every expression's result
(so compiled, the expressions are one traced function), printed as dtype,
shape and `.tolist()`. Values must match: ints and bools exactly, floats to
rtol 1e-5 (tcc's vectorised exp/log/tanh/sigmoid are within 3e-7, see
compiler/lower/math_approx.h), nan as nan, signed zeros and infinities
exactly.

Usage: check_ops.py --tcc build/tcc
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

from ops_coverage import coverage_gaps, iter_breaks

HERE = os.path.dirname(os.path.abspath(__file__))


def program(case):
    lines = ["import nn", "import torch", "", "def ops(x, y, z):", "    return ["]
    for r in case["rows"]:
        lines.append("        %s," % r["expr"])
    lines += ["    ]", "", "x = %s" % case["x"], "y = %s" % case["y"], "z = %s" % case.get("z", "tensor(0)"),
              "for r in ops(x, y, z):", "    print(r.dtype, list(r.shape), r.tolist())", ""]
    return "\n".join(lines)


def graph_breaks(tcc, src):
    """The graph breaks `tcc explain` reports for the program's `ops`."""
    p = subprocess.run([tcc, "explain", "--format", "json", src], capture_output=True, text=True)
    if p.returncode != 0:
        return ["explain failed: " + p.stderr[-1000:]]
    return ["%s:%s %s" % (b.get("line"), b.get("column"), b.get("reason", b.get("kind")))
            for b in iter_breaks(json.loads(p.stdout))]


def parse(line):
    dtype, rest = line.split(" ", 1)
    dtype = dtype.removeprefix("torch.")  # ops_expected.json spells dtypes without it
    shape_end = rest.index("]") + 1
    shape = eval(rest[:shape_end])
    values = eval(rest[shape_end + 1:], {"nan": float("nan"), "inf": float("inf")})
    return dtype, shape, values


def same(got, want, is_float, loose_zero=False):
    """Equal as the test counts it. `loose_zero`: a float 0 may come out as
    a tiny number (sums of products: matmul, convolution, pooling)."""
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(
            same(g, w, is_float, loose_zero) for g, w in zip(got, want))
    if isinstance(want, str):
        want = float(want)
    if isinstance(got, list):
        return False
    if isinstance(want, bool) or not is_float:
        return got == want
    if math.isnan(want):
        return math.isnan(got)
    if want == 0 and loose_zero:
        return abs(got) <= 1e-6
    if math.isinf(want) or want == 0:
        return got == want and math.copysign(1, got) == math.copysign(1, want)
    return abs(got - want) <= 1e-5 * abs(want) + 1e-6


def brief(v):
    s = str(v)
    return s if len(s) <= 200 else s[:200] + "..."


def first_difference(got, want, is_float, loose):
    """Where two nested value lists first differ, for the failure message."""
    def walk(g, w, at):
        if isinstance(w, list):
            if not isinstance(g, list) or len(g) != len(w):
                return at, g, w
            for i, (a, b) in enumerate(zip(g, w)):
                r = walk(a, b, at + [i])
                if r:
                    return r
            return None
        return None if same(g, w, is_float, loose) else (at, g, w)
    r = walk(got, want, [])
    return "" if not r else "\n  first difference at %s: got %s, want %s" % (r[0], brief(r[1]), brief(r[2]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    a = ap.parse_args()
    data = json.load(open(os.path.join(HERE, "ops_expected.json")))
    failures, checked = coverage_gaps(data), 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in data["cases"]:
            src = os.path.join(tmp, "ops_%s.ts" % case["input"])
            with open(src, "w") as f:
                f.write(program(case))
            exe = os.path.join(tmp, "ops_%s" % case["input"])
            b = subprocess.run([a.tcc, "build", src, "-o", exe], capture_output=True, text=True)
            if b.returncode != 0:
                failures.append("%s: build failed:\n%s" % (case["input"], b.stderr[-3000:]))
                continue
            if case.get("graph"):
                for br in graph_breaks(a.tcc, src):
                    failures.append("%s: graph break (torch.compile keeps these ops in its graph): %s" % (
                        case["input"], br))
            runs = {"compiled": [exe], "eager": [a.tcc, "run", "--eager", src]}
            for mode, argv in runs.items():
                p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
                lines = p.stdout.splitlines()
                if p.returncode != 0 or len(lines) != len(case["rows"]):
                    failures.append("%s %s: exit %d, %d of %d lines\n%s" % (
                        case["input"], mode, p.returncode, len(lines), len(case["rows"]), p.stderr[-2000:]))
                    continue
                for row, line in zip(case["rows"], lines):
                    checked += 1
                    dtype, shape, values = parse(line)
                    is_float = row["dtype"].startswith("float")
                    loose = "graph" in case  # the structured cases
                    if dtype != row["dtype"] or shape != row["shape"] or not same(values, row["values"], is_float, loose):
                        failures.append("%s %s: %s\n  got  %s %s %s\n  want %s %s %s%s" % (
                            case["input"], mode, row["expr"], dtype, shape, brief(values), row["dtype"], row["shape"],
                            brief(row["values"]), first_difference(values, row["values"], is_float, loose)))
    for f in failures:
        print("FAIL", f)
    print("%d values checked against torch, %d failures" % (checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
