#!/usr/bin/env python3
"""`tcc lint --write-baseline` / `--baseline`: a baseline written today makes
lint pass; one new break fails naming only it; inserting lines above (or
running from another folder) changes nothing; a fixed break is reported as a
stale entry; identical constructs count as a multiset.

usage: baseline_test.py --tcc build/tcc
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

PROG = """import nn

def step(w, x):
    y = x @ w
    print(y)
    n = y.sum().item()
    return w * n

def helper(x):
    return x + 1

w = ones(2, 2)
x = ones(3, 2)
w = step(w, x)
print(helper(w))
"""

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def lint(tcc, cwd, *args):
    root = [] if "--root" in args else ["--root", cwd]
    r = subprocess.run([tcc, "lint", "--format", "json"] + root + list(args), cwd=cwd,
                       capture_output=True, text=True, timeout=300)
    return r.returncode, json.loads(r.stdout) if r.stdout.strip() else {}, r.stderr


def failing(j):
    return [f for fl in j.get("files", []) for f in fl["findings"] if f["fails"]] + \
           [f for f in j.get("other_findings", []) if f["fails"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    tcc = os.path.abspath(ap.parse_args().tcc)
    d = tempfile.mkdtemp(prefix="tcc-baseline-")
    src = os.path.join(d, "src")
    os.makedirs(src)
    prog = os.path.join(src, "prog.ts")
    with open(prog, "w") as f:
        f.write(PROG)

    code, j, _ = lint(tcc, d, "src/prog.ts")
    check(code == 1 and len(failing(j)) == 2, "without a baseline lint fails on its 2 breaks")

    code, j, err = lint(tcc, d, "--write-baseline", "baseline.json", "src/prog.ts")
    check(code == 0, "--write-baseline records the findings and passes (exit %d)" % code)
    with open(os.path.join(d, "baseline.json")) as f:
        b = json.load(f)
    entries = b["findings"]
    check(len(entries) == 2, "the baseline has 2 entries")
    check(all(e["uri"] == "src/prog.ts" for e in entries), "baseline paths are repository-relative")
    check(sorted(e["code"] for e in entries) == ["TS4002", "TS4003"], "entries name their codes")
    check(all(e["function"] == "step" for e in entries), "entries name their function")

    code, j, _ = lint(tcc, d, "--baseline", "baseline.json", "src/prog.ts")
    check(code == 0 and j["baselined"] == 2 and not failing(j), "the baseline makes lint pass")

    # Move code: lines inserted above, and a new function without breaks.
    moved = "# a comment\n\n\ndef unrelated(x):\n    return x * 3\n\n" + PROG
    with open(prog, "w") as f:
        f.write(moved)
    code, j, _ = lint(tcc, d, "--baseline", "baseline.json", "src/prog.ts")
    check(code == 0 and j["baselined"] == 2, "inserting lines above changes nothing")

    # The same from another folder: paths stay repository-relative.
    code, j, _ = lint(tcc, src, "--root", d, "--baseline", os.path.join(d, "baseline.json"), "prog.ts")
    check(code == 0, "running from another folder with the same --root changes nothing (exit %d)" % code)

    # One new break fails, naming only it (in a function that is called).
    new = moved.replace("    return x * 3\n", "    print(x)\n    return x * 3\n")
    new = new.replace("print(helper(w))", "print(helper(w))\nprint(unrelated(w))")
    with open(prog, "w") as f:
        f.write(new)
    code, j, _ = lint(tcc, d, "--baseline", "baseline.json", "src/prog.ts")
    fl = failing(j)
    check(code == 1, "a new break fails lint")
    check(len(fl) == 1 and fl[0]["function"] == "unrelated" and fl[0]["code"] == "TS4002" and fl[0]["line"] == 5,
          "the failure names only the new break (%s)" % [(f["code"], f["function"], f["line"]) for f in fl])
    check(j["baselined"] == 2, "the old breaks stay baselined")
    r = subprocess.run([tcc, "lint", "--root", d, "--baseline", "baseline.json", "src/prog.ts"], cwd=d,
                       capture_output=True, text=True)
    shown = [l for l in r.stdout.splitlines() if ": error: " in l]
    check(len(shown) == 1 and shown[0].startswith("src/prog.ts:5:5"), "text output shows the new break only: %s" % shown)

    # A fixed break: its entry is reported as stale, and lint passes.
    fixed = moved.replace("    print(y)\n", "")
    with open(prog, "w") as f:
        f.write(fixed)
    code, j, _ = lint(tcc, d, "--baseline", "baseline.json", "src/prog.ts")
    stale = [f for f in j.get("other_findings", []) if f["code"] == "TS7004"]
    check(code == 0 and len(stale) == 1 and "print(y)" in stale[0]["message"],
          "a fixed break is a stale baseline entry (a note, lint passes)")

    # Identical constructs: a multiset.
    twice = PROG.replace("    print(y)\n", "    print(y)\n    print(y)\n")
    with open(prog, "w") as f:
        f.write(twice)
    lint(tcc, d, "--write-baseline", "b2.json", "src/prog.ts")
    thrice = PROG.replace("    print(y)\n", "    print(y)\n    print(y)\n    print(y)\n")
    with open(prog, "w") as f:
        f.write(thrice)
    code, j, _ = lint(tcc, d, "--baseline", "b2.json", "src/prog.ts")
    check(code == 1 and len(failing(j)) == 1, "a third identical print fails once")

    # A broken baseline is a configuration error.
    with open(os.path.join(d, "bad.json"), "w") as f:
        f.write("{}")
    r = subprocess.run([tcc, "lint", "--baseline", "bad.json", "src/prog.ts"], cwd=d, capture_output=True, text=True)
    check(r.returncode == 2 and "not a tcc lint baseline" in r.stderr, "a malformed baseline exits 2")
    r = subprocess.run([tcc, "lint", "--baseline", "missing.json", "src/prog.ts"], cwd=d, capture_output=True,
                       text=True)
    check(r.returncode == 2, "a missing baseline exits 2")

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
