#!/usr/bin/env python3
"""Differential op test (ctest e2e.ops_differential): every elementwise,
reduction, contraction, view, layout and cast builtin of
semantics/builtins.def, in function and method form, over inputs of each
dtype with edge values, run compiled (`tcc build`) and with `--eager`, and
compared with the values PyTorch computed (ops_expected.json, written by
ops_torch.py; CI needs no PyTorch).

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

HERE = os.path.dirname(os.path.abspath(__file__))


def program(case):
    lines = ["def ops(x, y):", "    return ["]
    for r in case["rows"]:
        lines.append("        %s," % r["expr"])
    lines += ["    ]", "", "x = %s" % case["x"], "y = %s" % case["y"], "for r in ops(x, y):",
              "    print(r.dtype, list(r.shape), r.tolist())", ""]
    return "\n".join(lines)


def parse(line):
    dtype, rest = line.split(" ", 1)
    shape_end = rest.index("]") + 1
    shape = eval(rest[:shape_end])
    values = eval(rest[shape_end + 1:], {"nan": float("nan"), "inf": float("inf")})
    return dtype, shape, values


def same(got, want, is_float):
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(same(g, w, is_float) for g, w in zip(got, want))
    if isinstance(want, str):
        want = float(want)
    if isinstance(got, list):
        return False
    if isinstance(want, bool) or not is_float:
        return got == want
    if math.isnan(want):
        return math.isnan(got)
    if math.isinf(want) or want == 0:
        return got == want and math.copysign(1, got) == math.copysign(1, want)
    return abs(got - want) <= 1e-5 * abs(want) + 1e-6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    a = ap.parse_args()
    data = json.load(open(os.path.join(HERE, "ops_expected.json")))
    failures, checked = [], 0
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
                    if dtype != row["dtype"] or shape != row["shape"] or not same(values, row["values"], is_float):
                        failures.append("%s %s: %s\n  got  %s %s %s\n  want %s %s %s" % (
                            case["input"], mode, row["expr"], dtype, shape, values, row["dtype"], row["shape"],
                            row["values"]))
    for f in failures:
        print("FAIL", f)
    print("%d values checked against torch, %d failures" % (checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
