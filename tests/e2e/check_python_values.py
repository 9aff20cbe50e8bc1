#!/usr/bin/env python3
"""Differential test of Python-number semantics: random arithmetic programs
(ints, some past 64 bits, floats, bools; + - * / // % ** << >> & | ^, abs, int, round, min,
max, pow, sum, chained comparisons, conditional expressions; sets of ints:
displays, comprehensions, set(), | & - ^ and their methods, subset tests, in,
read back order-free by len, sum, min, max and sorted) are computed inside a
function that tcc compiles, so the tracer folds them at compile time, and
the printed values must equal (a) `tcc run --eager` and (b) CPython running
the same program. Seeds are fixed, so a failure reproduces.

Usage: check_python_values.py --tcc build/tcc [--seeds N]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

OPS = ['+', '-', '*', '//', '%', '**', '<<', '>>', '&', '|', '^', '/']


SET_OPS = ['|', '&', '-', '^']
SET_METHODS = ['union', 'intersection', 'difference', 'symmetric_difference']


def set_expr(rng, d):
    """A set of small ints (so every read-back is order-free and exact)."""
    if d == 0 or rng.random() < 0.35:
        r = rng.random()
        if r < 0.4:
            return "{" + ", ".join(str(rng.randint(-3, 5)) for _ in range(rng.randint(1, 4))) + "}"
        if r < 0.55:
            return f"set(range({rng.randint(0, 5)}))"
        if r < 0.7:
            return f"{{v % {rng.randint(2, 4)} for v in xs}}"
        if r < 0.85:
            return "set(xs)"
        return f"set([{rng.randint(0, 3)}, True, {rng.randint(0, 3)}])"
    a, b = set_expr(rng, d - 1), set_expr(rng, d - 1)
    if rng.random() < 0.6:
        return f"({a} {rng.choice(SET_OPS)} {b})"
    return f"{a}.{rng.choice(SET_METHODS)}({b})"


def set_number(rng):
    s = set_expr(rng, 2)
    r = rng.random()
    if r < 0.3:
        return f"len({s})"
    if r < 0.5:
        return f"sum({s})"
    if r < 0.6:
        return f"max({s} or {{0}})"
    if r < 0.7:
        return f"({rng.randint(-3, 5)} in {s})"
    if r < 0.8:
        return f"({s} {rng.choice(['<=', '<', '>=', '>', '==', '!='])} {set_expr(rng, 1)})"
    if r < 0.9:
        return f"sorted({s})[0] if {s} else -1"
    return f"{s}.isdisjoint({set_expr(rng, 1)})"


def expr(rng, d):
    if d == 0 or rng.random() < 0.3:
        r = rng.random()
        if r < 0.04:  # ints past 64 bits: exact, as Python's (lang/semantics/bigint.h)
            return rng.choice(['(2 ** 64)', '((1 << 70) - 1)', '(-(10 ** 19))', '12345678901234567890',
                               '0x1_0000_0000_0000_0001', '(-9223372036854775807 - 1)'])
        if r < 0.08:
            return f"({set_number(rng)})"
        if r < 0.6:
            return str(rng.randint(-9, 9))
        if r < 0.72:
            return rng.choice(['True', 'False'])
        if r < 0.88:
            return f"{rng.randint(-20, 20) / 4}"
        return rng.choice(['len(xs)', 'xs[-1]', 'x.shape[0]', 'max(xs)', 'min(xs)', 'sum(xs)', 'xs[::-1][0]'])
    op = rng.choice(OPS)
    a, b = expr(rng, d - 1), expr(rng, d - 1)
    if op == '**':
        b = str(rng.randint(-1, 3))
        a = f"({a} or 2)"
    if op in ('<<', '>>'):
        b, a = str(rng.randint(0, 4)), f"int({a})"
    if op in ('&', '|', '^'):
        a, b = f"int({a})", f"int({b})"
    if op in ('//', '%', '/'):
        b = f"({b} or 3)"
    e = f"({a} {op} {b})"
    r = rng.random()
    if r < 0.1:
        e = f"abs({e})"
    elif r < 0.2:
        e = f"int({e})"
    elif r < 0.25:
        e = f"round({e})"
    elif r < 0.3:
        e = f"({e} if {a} > {b} else {b})"
    elif r < 0.35:
        e = f"max({e}, {b})"
    elif r < 0.4:
        e = f"({a} < {e} <= {b})"
    elif r < 0.45:
        e = f"pow({e} or 2, {rng.randint(-1, 3)})"
    elif r < 0.5:
        e = f"min({e}, {a}, {b})"
    elif r < 0.55:
        e = f"sum([{e}, {a}, {b}])"
    return e


def program(seed, n=60):
    rng = random.Random(seed)
    lines = [f"    v{i} = {expr(rng, 3)}" for i in range(n)]
    vals = ", ".join(f"v{i}" for i in range(n))
    # `y` is a kernel of its own: a value past 64 bits (which graphs cannot
    # hold) makes its statements and the return run in the interpreter.
    ts = "def f(x):\n    xs = [4, -2, 7]\n    y = x + 1\n" + "\n".join(lines) + \
         f"\n    return [{vals}], y\nprint(f(zeros(1))[0])\n"
    py = ts.replace("def f(x):", "def f(x):\n    class _T: shape = (1,)\n    x = _T()") \
           .replace("y = x + 1\n", "y = 0\n").replace("print(f(zeros(1))[0])", "print(f(None)[0])")
    return ts, py


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--seeds", type=int, default=16)
    a = ap.parse_args()
    tcc = os.path.abspath(a.tcc)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, a.seeds + 1):
            ts, py = program(seed)
            src, pysrc, exe = (os.path.join(tmp, f"p{seed}{ext}") for ext in (".ts", ".py", ""))
            open(src, "w").write(ts)
            open(pysrc, "w").write(py)
            run = lambda cmd: subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            eager = run([tcc, "run", "--eager", src])
            b = run([tcc, "build", src, "-o", exe])
            comp = run([exe]) if b.returncode == 0 else b
            ref = run([sys.executable, pysrc])
            problems = []
            if "1 kernel" not in b.stderr:
                problems.append("the function did not compile to a kernel: " + b.stderr.strip())
            if comp.stdout != eager.stdout or comp.returncode != eager.returncode:
                problems.append(f"compiled {comp.stdout.strip()} != eager {eager.stdout.strip()} {eager.stderr.strip()}")
            if eager.stdout != ref.stdout:
                problems.append(f"eager {eager.stdout.strip()} != Python {ref.stdout.strip()} {ref.stderr.strip()}")
            print(("ok   " if not problems else "FAIL ") + f"seed {seed}")
            for p in problems:
                print("     " + p[:3000])
            failures += bool(problems)
    print(f"{a.seeds - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
