#!/usr/bin/env python3
"""Compile-time benchmark (issue 12), one command, not a test:

    python3 bench/compile_time.py [--tcc build/tcc] [--quick] [--markdown]

Runs `tcc build --time-passes` on generated programs of growing size and on
examples/*.ts, and prints the time of each phase (load, trace, passes,
lower, plan, optimize = LLVM opt, codegen, link, total; ms, best of
--rounds) and the growth ratio of the total from one size to the next:

  fit N        the linear-regression training loop `fit(w, x, y, steps)`
               (matmul, transpose-matmul, update) with N = 10 .. 10000 steps
  fit argv     the same loop with its trip count read from argv()
  lines N      a straight-line function of N statements (elementwise ops,
               matmuls, reductions, a graph break every 50 lines) for
               N = 100, 1000, 10000
  examples     every examples/*.ts, and bench/kernels.ts (the benchmark's
               kernels: chain, softmax, layer_norm, MLP, conv, ...)

The ratio column is total(N) / total(previous N); the program grows 10x
from one row to the next (fit: the trip count, lines: the statements).
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

PHASES = ["load", "trace", "passes", "lower", "dedupe", "plan", "split", "optimize", "codegen", "link", "total"]

FIT = """\
def fit(w, x, y, steps):
    for i in range(steps):
        g = x.T @ (x @ w - y)
        w = w - 0.01 * g
    return w

x = ones(64, 8) * 0.1
y = ones(64, 1)
print(fit(zeros(8, 1), x, y, {steps}))
"""

FIT_ARGV = """\
def fit(w, x, y, steps):
    for i in range(steps):
        g = x.T @ (x @ w - y)
        w = w - 0.01 * g
    return w

x = ones(64, 8) * 0.1
y = ones(64, 1)
print(fit(zeros(8, 1), x, y, len(argv()) * 1000))
"""

# One statement per line, cycling through a few shapes of work; every 50th
# line is a graph break (print), so a long program is many graphs.
LINE_KINDS = [
    "    h = relu(h * 0.5 + 0.1)",
    "    h = h @ w",
    "    h = h - h.mean(1, keepdim=True)",
    "    h = tanh(h) + 0.01 * h",
    "    s = s + h.sum()",
]


def straight_line(n):
    body = []
    for i in range(n):
        if i % 50 == 49:
            body.append("    print(s)")
        else:
            body.append(LINE_KINDS[i % len(LINE_KINDS)])
    return ("def f(h, w):\n    s = zeros(())\n" + "\n".join(body) +
            "\n    return s\n\nprint(f(ones(16, 32), ones(32, 32) * 0.03))\n")


def build(tcc, src, out, rounds, flags=()):
    best = None
    for _ in range(rounds):
        r = subprocess.run([tcc, "build", "--time-passes", *flags, "-o", out, src], capture_output=True, text=True,
                           timeout=3600)
        if r.returncode != 0:
            return {"error": r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit %d" % r.returncode}
        t = {}
        for line in r.stderr.splitlines():
            m = re.match(r"\s*(phase\s+)?(\w[\w-]*)\s+([0-9.]+) ms", line)
            if m and not line.lstrip().startswith("pass"):
                t[m.group(2)] = float(m.group(3))
        m = re.search(r"(\d+) kernels?;", r.stderr)
        t["kernels"] = int(m.group(1)) if m else -1
        if best is None or t.get("total", 1e18) < best.get("total", 1e18):
            best = t
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tcc", default="build/tcc")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="fit up to 1000 steps, lines up to 1000")
    ap.add_argument("--only", default="", help="fit, lines or examples")
    ap.add_argument("--flag", action="append", default=[], help="extra `tcc build` flag, e.g. --flag=--unroll or --flag=-j1")
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tcc = os.path.abspath(a.tcc)
    rows = []  # (group, name, timings)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "prog")

        def run(group, name, text=None, path=None):
            if path is None:
                path = os.path.join(tmp, name.replace(" ", "_") + ".ts")
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
            t = build(tcc, path, out, a.rounds, a.flag)
            rows.append((group, name, t))
            print(f"  {name}: " + ("error: " + t["error"] if "error" in t else f"{t.get('total', 0):.0f} ms"),
                  file=sys.stderr)

        if a.only in ("", "fit"):
            for n in [10, 100, 1000] + ([] if a.quick else [10000]):
                run("fit", f"fit {n}", FIT.format(steps=n))
            run("fit", "fit argv", FIT_ARGV)
        if a.only in ("", "lines"):
            for n in [100, 1000] + ([] if a.quick else [10000]):
                run("lines", f"lines {n}", straight_line(n))
        if a.only in ("", "examples"):
            for p in sorted(glob.glob(os.path.join(root, "examples", "*.ts"))):
                run("examples", os.path.basename(p), path=p)
            run("examples", "bench/kernels.ts", path=os.path.join(root, "bench", "kernels.ts"))

    print(f"`tcc build --time-passes {' '.join(a.flag)}`, load average {os.getloadavg()[0]:.1f}, ms\n")
    print("| program | kernels | " + " | ".join(PHASES) + " | ratio |")
    print("|---|---:|" + "---:|" * len(PHASES) + "---:|")
    prev = {}
    for group, name, t in rows:
        if "error" in t:
            print(f"| {name} | - | " + " | ".join("-" for _ in PHASES) + f" | error: {t['error']} |")
            continue
        ratio = ""
        if group in ("fit", "lines") and name != "fit argv":
            if group in prev and prev[group] > 0:
                ratio = f"{t['total'] / prev[group]:.2f}x"
            prev[group] = t["total"]
        cells = " | ".join(f"{t.get(p, 0):.0f}" if t.get(p, 0) >= 10 else f"{t.get(p, 0):.1f}" for p in PHASES)
        print(f"| {name} | {t.get('kernels', -1)} | {cells} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
