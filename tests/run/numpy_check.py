#!/usr/bin/env python3
"""Checks the numbers a TensorScript program prints against NumPy.

A test file carries NumPy code in `# NUMPY:` comment lines (joined in order,
with the prefix removed, and run with `np` imported). The code calls
`out(value, ...)` for each value the program prints, in print order; every
argument is flattened (arrays, lists, scalars, bools as 0/1). The numbers in
`tcc run --eager FILE`'s stdout (`dtype=...` annotations skipped, True/False
read as 1/0) must equal them within rtol=atol=1e-4. The NumPy code is the
independent oracle: it never sees tcc's output.

Usage: numpy_check.py --tcc build/tcc FILE.ts
"""
import argparse
import os
import re
import subprocess
import sys

import numpy as np

TOKEN = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)\b|\bTrue\b|\bFalse\b")
KEYWORD_ARG = re.compile(r"\b\w+=[^,)\s]+")


def numbers(text):
    text = KEYWORD_ARG.sub(" ", text)
    vals = []
    for tok in TOKEN.findall(text):
        vals.append(1.0 if tok == "True" else 0.0 if tok == "False" else float(tok))
    return vals


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("file")
    args = ap.parse_args()
    path = os.path.abspath(args.file)
    lines = []
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("# NUMPY:"):
            rest = line[len("# NUMPY:"):]
            lines.append(rest[1:] if rest.startswith(" ") else rest)
    code = "\n".join(lines)
    want = []

    def out(*values):
        for v in values:
            want.extend(float(x) for x in np.asarray(v, dtype=np.float64).ravel())

    exec(compile(code, path + ":NUMPY", "exec"), {"np": np, "out": out})
    p = subprocess.run([os.path.abspath(args.tcc), "run", "--eager", os.path.basename(path)],
                       cwd=os.path.dirname(path), capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        print(f"tcc exited {p.returncode}:\n{p.stderr}")
        return 1
    got = numbers(p.stdout)
    if len(got) != len(want):
        print(f"tcc printed {len(got)} numbers, NumPy computed {len(want)}")
        print("tcc:  ", got)
        print("numpy:", want)
        return 1
    bad = [(i, g, w) for i, (g, w) in enumerate(zip(got, want))
           if not (np.isnan(g) and np.isnan(w)) and not np.isclose(g, w, rtol=1e-4, atol=1e-4)]
    for i, g, w in bad[:20]:
        print(f"number {i}: tcc {g}, numpy {w}")
    print(f"{len(want) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
