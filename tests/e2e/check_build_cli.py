#!/usr/bin/env python3
"""Checks the `tcc build` command line: elementwise code prints the same at
every optimisation level for one target, reductions (vectorised partial sums)
and a portable target (no FMA: exp/log/tanh/sigmoid round differently in the
last bit) agree within the oracle's tolerance; executables load OpenBLAS
rather than link it, and agree with the built-in gemm; every --emit form, --dump-after,
--time-passes, --remarks, the default output name, exit codes for bad
input, and that `-o /dev/null` writes into the device instead of replacing it.

Usage: check_build_cli.py --tcc build/tcc    (prints one line per check, exits 1 on failure)
"""
import argparse
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run_e2e import split, close  # noqa: E402  the oracle's comparison
CASE = os.path.join(HERE, "cases", "reductions.ts")
CHAIN = os.path.join(HERE, "cases", "elementwise_chain.ts")
MATMUL = os.path.join(HERE, "cases", "matmul_views.ts")
failures = 0


def check(name, ok, detail=""):
    global failures
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail[-1500:]))
    failures += 0 if ok else 1


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    tcc = os.path.abspath(ap.parse_args().tcc)
    with tempfile.TemporaryDirectory() as tmp:
        def agree(a, b):
            (na, ta), (nb, tb) = split(a), split(b)
            return ta == tb and len(na) == len(nb) and all(close(x, y) for x, y in zip(na, nb))

        levels = (["-O0"], ["-O2"], ["-O3", "--target-cpu", "generic"])
        for case, what in ((CHAIN, "elementwise"), (CASE, "reductions")):
            outs = {}
            for flags in levels:
                exe = os.path.join(tmp, "p" + "".join(flags))
                b = run([tcc, "build", case, "-o", exe] + flags)
                r = run([exe]) if b.returncode == 0 else b
                outs[" ".join(flags)] = r.stdout
                check(f"{what}: build {' '.join(flags)} runs", b.returncode == 0 and r.returncode == 0,
                      b.stderr + r.stderr)
            # Elementwise code rounds the same at every -O level; reductions keep
            # several partial sums once vectorised, so they agree within tolerance.
            if what == "elementwise":
                check("elementwise: -O0 and -O2 print the same", outs["-O0"] == outs["-O2"], str(outs))
            else:
                check("reductions: -O0 and -O2 agree within tolerance", agree(outs["-O0"], outs["-O2"]), str(outs))
            check(f"{what}: -O3 --target-cpu generic agrees within tolerance",
                  agree(outs["-O2"], outs["-O3 --target-cpu generic"]), str(outs))

        # OpenBLAS is loaded at the first matmul, not linked; without it (here:
        # TCC_BLAS=builtin) matmul runs on the built-in kernel and agrees.
        mm = os.path.join(tmp, "mm")
        b = run([tcc, "build", MATMUL, "-o", mm])
        needed = run(["readelf", "-d", mm]).stdout if b.returncode == 0 else ""
        check("executables do not link OpenBLAS", b.returncode == 0 and "NEEDED" in needed and "blas" not in needed,
              b.stderr + needed)
        plain = run([mm])
        builtin = subprocess.run([mm], capture_output=True, text=True, timeout=300,
                                 env=dict(os.environ, TCC_BLAS="builtin"))
        check("TCC_BLAS=builtin: matmul agrees with OpenBLAS",
              plain.returncode == 0 and builtin.returncode == 0 and agree(plain.stdout, builtin.stdout)
              and builtin.stderr == "", plain.stdout + builtin.stdout + builtin.stderr)

        b = run([tcc, "build", CASE], cwd=tmp)
        check("default output is the file's stem in the current folder",
              b.returncode == 0 and os.access(os.path.join(tmp, "reductions"), os.X_OK), b.stderr)
        check("summary line names graphs, kernels and accepted breaks",
              "3 graphs, 3 kernels; 0 graph breaks accepted" in b.stderr, b.stderr)

        g = run([tcc, "build", CASE, "--emit", "graph"])
        check("--emit graph prints graphs and their loop nests",
              g.returncode == 0 and "graph tcc_kernel_0 {" in g.stdout and "[per row:" in g.stdout, g.stdout + g.stderr)
        ll = run([tcc, "build", CASE, "--emit", "llvm"])
        check("--emit llvm prints vectorised IR", ll.returncode == 0 and "define" in ll.stdout and "x float>" in ll.stdout,
              ll.stderr)
        asm = run([tcc, "build", CASE, "--emit", "asm"])
        check("--emit asm prints assembly", asm.returncode == 0 and ".text" in asm.stdout, asm.stderr)
        obj = os.path.join(tmp, "k.o")
        o = run([tcc, "build", CASE, "--emit", "obj", "-o", obj])
        with open(obj, "rb") as f:
            magic = f.read(4) if o.returncode == 0 else b""
        check("--emit obj writes an ELF object", magic == b"\x7fELF", o.stderr)

        d = run([tcc, "build", CASE, "--emit", "graph", "--dump-after", "all"])
        check("--dump-after all dumps every pass", all(f"after {p}" in d.stdout for p in ("fold-constants", "cse", "dce", "fuse"))
              and "(unchanged)" in d.stdout, d.stdout)
        t = run([tcc, "build", CASE, "-o", os.path.join(tmp, "t"), "--time-passes"])
        check("--time-passes reports phases and passes",
              all(w in t.stderr for w in ("phase trace", "pass fuse", "phase link", "total")), t.stderr)
        rm = run([tcc, "build", CASE, "-o", os.path.join(tmp, "t"), "--remarks"])
        check("--remarks shows vectoriser remarks", "vectorized loop" in rm.stderr, rm.stderr)

        bad = run([tcc, "build", CASE, "--dump-after", "nonsense"])
        check("unknown pass is a usage error (exit 2)", bad.returncode == 2, bad.stderr)
        missing = run([tcc, "build", os.path.join(tmp, "missing.ts")])
        check("missing file: exit 2", missing.returncode == 2, missing.stderr)
        syn = os.path.join(tmp, "syn.ts")
        with open(syn, "w") as f:
            f.write("def f(x):\n    return x +\n")
        s = run([tcc, "build", syn, "-o", os.path.join(tmp, "s")])
        check("syntax error: exit 1 naming FILE:LINE:", s.returncode == 1 and "syn.ts:2:" in s.stderr, s.stderr)
        fg = os.path.join(tmp, "fg.ts")
        with open(fg, "w") as f:
            f.write("@fullgraph\ndef f(x):\n    x = x + 1\n    graph_break()\n    return x\n\nprint(f(zeros(2)))\n")
        e = run([tcc, "build", fg, "-o", os.path.join(tmp, "e")])
        check("break under fullgraph: exit 1 naming FILE:LINE:", e.returncode == 1 and "fg.ts:4:" in e.stderr, e.stderr)

        n = run([tcc, "build", CASE, "-o", "/dev/null"])
        st = os.stat("/dev/null")
        check("-o /dev/null leaves the device in place", n.returncode == 0 and stat.S_ISCHR(st.st_mode), n.stderr)
    print(f"{'FAILED' if failures else 'passed'}: {failures} failed checks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
