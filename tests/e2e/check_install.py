#!/usr/bin/env python3
"""Installation (issue 40): `cmake --install BUILD --prefix P` gives a tcc that
finds its standard library and runtime (P/share/tcc/stdlib, P/lib/tcc) and
builds and runs a program that imports torch, and a tcc binary copied
elsewhere still does (it falls back on the build tree). The programs must
print what the build tree's tcc prints.

Usage: check_install.py --tcc BUILD/tcc --build BUILD
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

PROGRAM = """import torch
import torch.nn.functional as F

def f(x):
    return F.softmax(x * 2, dim=-1)

print(f(torch.arange(4.0)))
"""


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--build", required=True)
    a = ap.parse_args()
    failures, checks = [], 1
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "prog.ts")
        with open(src, "w") as f:
            f.write(PROGRAM)
        want = run([os.path.abspath(a.tcc), "run", "--eager", src], tmp)
        if want.returncode != 0:
            print(f"FAIL the build tree's tcc: {want.stderr}")
            return 1
        prefix = os.path.join(tmp, "prefix")
        inst = run(["cmake", "--install", a.build, "--prefix", prefix], tmp)
        if inst.returncode != 0:
            print(f"FAIL cmake --install: {inst.stdout}{inst.stderr}")
            return 1
        junk = [n for n in os.listdir(os.path.join(prefix, "share", "tcc", "stdlib")) if not n.endswith(".ts")
                and not os.path.isdir(os.path.join(prefix, "share", "tcc", "stdlib", n))]
        if junk:
            failures.append(f"the installed stdlib holds files that are not modules: {junk}")
        copied = os.path.join(tmp, "copied")
        os.makedirs(copied)
        shutil.copy2(a.tcc, copied)
        for name, tcc in (("installed", os.path.join(prefix, "bin", "tcc")), ("copied", os.path.join(copied, "tcc"))):
            for mode in (["run", "--eager"], ["run"]):
                checks += 1
                r = run([tcc] + mode + [src], tmp)
                if r.returncode != 0 or r.stdout != want.stdout:
                    failures.append(f"{name} tcc {' '.join(mode)}: exit {r.returncode}, printed {r.stdout!r}, "
                                    f"want {want.stdout!r}: {r.stderr[-800:]}")
    for f in failures:
        print("FAIL " + f)
    print(f"{checks - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
