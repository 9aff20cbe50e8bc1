#!/usr/bin/env python3
"""Run statistics end to end, exactly (docs/cli.md "Run statistics"): a function
with two kernels (a graph break between them) called 3 times from module
scope, built with tcc and run with TCC_STATS; then the same program under
`tcc run --eager` counts as interpreted ops what the kernels counted, and a
module-scope constructor is module code, not an entry.

Usage: check_stats.py --tcc build/tcc

Then rolled loops (issue 12): the training loop `fit` with a known trip count
(300) and with one read from argv() runs every step in kernels: 2 kernel ops
groups per step, one launch per step, zero interpreted ops inside `fit`.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

PROGRAM = """\
class Box:
    def __init__(self, n):
        self.w = ones(n) * 2

def f(x, b):
    y = x * b.w + x
    graph_break()
    z = exp(y) - y
    return z

box = Box(3)
for i in range(3):
    print(f(ones(3), box))
"""


ROLLED = """\
def fit(w, x, y, steps):
    for i in range(steps):
        g = x.T @ (x @ w - y)
        w = w - 0.01 * g
    return w

x = ones(16, 4) * 0.1
y = ones(16, 1)
print(fit(zeros(4, 1), x, y, 300))
print(fit(zeros(4, 1), x, y, len(argv()) * 100))
"""


def check_rolled(tcc, tmp, expect):
    src = os.path.join(tmp, "rolled.ts")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(ROLLED)
    exe = os.path.join(tmp, "rolled")
    b = subprocess.run([tcc, "build", src, "-o", exe], cwd=tmp, capture_output=True, text=True, timeout=300)
    if b.returncode != 0:
        expect("rolled build", b.stderr, "")
        return
    c, cr = stats([exe, "a", "b"], tmp, os.path.join(tmp, "rc.json"))
    e, er = stats([tcc, "run", "--eager", src, "a", "b"], tmp, os.path.join(tmp, "re.json"))
    expect("rolled: compiled output = eager output", cr.stdout, er.stdout)
    entries = {x["signature"]: x for x in c["entries"]}
    expect("rolled: entries", len(entries), 2)
    for sig, steps in (("(w: float32[4, 1], x: float32[16, 4], y: float32[16, 1], steps: int=300)", 300),
                       ("(w: float32[4, 1], x: float32[16, 4], y: float32[16, 1], steps: int=200)", 200)):
        ent = entries.get(sig)
        if ent is None:
            expect("rolled: entry " + sig, sorted(entries), sig)
            continue
        expect(f"rolled {steps}: kernel_launches (one per step)", ent["kernel_launches"], steps)
        expect(f"rolled {steps}: kernel_ops (6 per step)", ent["kernel_ops"], 6 * steps)
        expect(f"rolled {steps}: interpreted_ops", ent["interpreted_ops"], 0)


def stats(cmd, cwd, path):
    env = dict(os.environ, TCC_STATS=path)
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
    if r.returncode != 0:
        raise SystemExit(f"FAIL {' '.join(cmd)} exited {r.returncode}:\n{r.stderr}")
    with open(path, encoding="utf-8") as fh:
        return json.load(fh), r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    a = ap.parse_args()
    tcc = os.path.abspath(a.tcc)
    problems = []

    def expect(what, got, want):
        if got != want:
            problems.append(f"{what}: expected {want!r}, saw {got!r}")

    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "prog.ts")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(PROGRAM)
        b = subprocess.run([tcc, "build", src, "-o", os.path.join(tmp, "prog")], cwd=tmp, capture_output=True,
                           text=True, timeout=300)
        if b.returncode != 0:
            print(f"FAIL build:\n{b.stderr}")
            return 1
        c, cr = stats([os.path.join(tmp, "prog")], tmp, os.path.join(tmp, "c.json"))
        e, er = stats([tcc, "run", "--eager", src], tmp, os.path.join(tmp, "e.json"))
        expect("compiled output = eager output", cr.stdout, er.stdout)
        expect("compiled mode", c["mode"], "compiled")
        expect("eager mode", e["mode"], "eager")
        for label, s in (("compiled", c), ("eager", e)):
            expect(f"{label} entries", [x["function"] for x in s["entries"]], ["f"])
        if problems:
            print("FAIL\n  " + "\n  ".join(problems))
            return 1
        ce, ee = c["entries"][0], e["entries"][0]
        expect("signature", ce["signature"], "(x: float32[3], b: Box)")
        expect("entered_from", ce["entered_from"].rsplit("/", 1)[-1], "prog.ts:13")
        expect("line", ce["line"], 5)
        expect("compiled calls", ce["calls"], 3)
        expect("compiled kernel_launches", ce["kernel_launches"], 6)
        expect("compiled kernel_ops (mul, add; exp, sub per call)", ce["kernel_ops"], 12)
        expect("compiled interpreted_ops", ce["interpreted_ops"], 0)
        expect("compiled guard_failures", ce["guard_failures"], [])
        expect("eager calls", ee["calls"], 3)
        expect("eager kernel_launches", ee["kernel_launches"], 0)
        expect("eager interpreted_ops = compiled kernel_ops", ee["interpreted_ops"], ce["kernel_ops"])
        # Box(3): ones(n) * 2 in the constructor, then ones(3) three times.
        expect("compiled module_ops", c["module_ops"], 5)
        expect("eager module_ops", e["module_ops"], 5)
        check_rolled(tcc, tmp, expect)
    if problems:
        print("FAIL\n  " + "\n  ".join(problems))
        return 1
    print("ok   run statistics: 3 calls, 6 kernel launches, 12 kernel ops = 12 eager interpreted ops; "
          "rolled loops of 300 and argv() steps: one launch per step, 0 interpreted ops")
    return 0


if __name__ == "__main__":
    sys.exit(main())
