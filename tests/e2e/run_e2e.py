#!/usr/bin/env python3
"""End-to-end oracle: runs a TensorScript program compiled (`tcc build`, then
the executable) and eagerly (`tcc run --eager`) and requires the same output.

Comparison: the two outputs are split into numbers and the text between them.
The text must be identical. Numbers must be equal, except that floats may
differ by rtol 1e-5 + atol 1e-6 where fusion reorders float math (reductions
keep several partial sums) or uses tcc's vectorised exp/log/tanh/sigmoid
(max relative error 3e-7 per call, see compiler/lower/math_approx.h).
Also checks that both exit with the same code, that `tcc run FILE` (compiled
through the cache, cold and warm) prints exactly what the built executable
prints, and, with --expect-kernels N,
that the build compiled at least N kernels (so the compiled path is really
exercised). When FILE has a sibling FILE-without-.ts + ".torch.txt" (the output
of the same program written in PyTorch, made by the script beside it in
tests/e2e/torch/ and committed, so CI needs no PyTorch), the compiled output
must also match it, with the same tolerance. A case that says "# e2e-exact"
must print exactly the same text compiled, eagerly and (when it has one) as
PyTorch: no tolerance, for values that must agree bit for bit. A case that
says "# e2e-args: ARGS" runs with those arguments (its .torch.txt is the
output of `/usr/bin/python3 CASE.ts ARGS`).

With --truth, also runs `tcc explain --format json` and makes check_truth.py's
checks (run statistics agree with explain) on the same executable and eager
run, with TCC_STATS set: one build serves both oracles.

With TCC_E2E_SANITIZED=1 (tools/test.sh's sanitizer run) the `tcc run` cache
checks are left out: they build the program a second time, which under
sanitizers proves nothing about memory that the first build did not, and the
release run makes them. --no-run-cache leaves them out too (the differential
test of random programs: the cases here make them).

Usage: run_e2e.py --tcc build/tcc [--cwd DIR] [--expect-kernels N] [--truth] FILE [-- ARGS...]
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?inf|nan")
RTOL, ATOL = 1e-5, 1e-6


def split(text):
    nums = [m.group(0) for m in NUM.finditer(text)]
    rest = NUM.sub("#", text)
    return nums, rest


def close(a, b):
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if x != x or y != y:
        return x != x and y != y
    return abs(x - y) <= ATOL + RTOL * abs(y)


def compare(compiled, other, name, problems):
    cn, ct = split(compiled)
    on, ot = split(other)
    if ct != ot:
        problems.append(f"printed text differs from {name}")
    elif len(cn) != len(on):
        problems.append(f"number count differs from {name}: {len(cn)} vs {len(on)}")
    else:
        bad = [(i, x, y) for i, (x, y) in enumerate(zip(cn, on)) if not close(x, y)]
        if bad:
            problems.append(f"numbers differ from {name} (index, compiled, {name}): " + str(bad[:10]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--cwd", default=None)
    ap.add_argument("--expect-kernels", type=int, default=0)
    ap.add_argument("--truth", action="store_true", help="also check run statistics against explain")
    ap.add_argument("--no-run-cache", action="store_true", help="leave out the `tcc run` cache checks")
    ap.add_argument("file")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()
    if not a.args:  # "# e2e-args: ARGS" in the case: the program's command line (shell words)
        with open(a.file, encoding="utf-8") as src:
            m = re.search(r"^# e2e-args: (.*)$", src.read(), re.M)
        a.args = shlex.split(m.group(1)) if m else []
    import check_truth  # here: check_truth imports this module's comparison
    tcc = os.path.abspath(a.tcc)
    path = os.path.abspath(a.file)
    cwd = a.cwd or os.path.dirname(path)
    check_truth.TCC = tcc
    truth_name = check_truth.key_of(path)
    ex = None
    if a.truth:
        ex, status = check_truth.parse_explain(truth_name, check_truth.run([tcc, "explain", path, "--format", "json"], cwd))
        if status:
            print(f"FAIL truth: {status[1]}")
            return 1
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "prog")
        b = subprocess.run([tcc, "build", path, "-o", exe], cwd=cwd, capture_output=True, text=True, timeout=300)
        if b.returncode != 0:
            print(f"FAIL build exited {b.returncode}:\n{b.stderr}")
            return 1
        m = re.search(r"(\d+) kernels?;", b.stderr)
        kernels = int(m.group(1)) if m else 0
        if kernels < a.expect_kernels:
            print(f"FAIL expected at least {a.expect_kernels} compiled kernels, got {kernels}:\n{b.stderr}")
            return 1
        compiled = check_truth.run_with_stats([exe] + a.args, cwd, tmp, "stats.json")
        c = compiled[0]
        # The compiled program does what `tcc explain` says: a guard failure
        # (compiled code that did not run) fails the case unless it says
        # "# e2e-allow: guard-failure" (a case about guard failures).
        with open(path) as src:
            allow_guard = "# e2e-allow: guard-failure" in src.read()
        if "[TS3017 guard_failed]" in c.stderr and not allow_guard:
            print(f"FAIL compiled code did not run where `tcc explain` says it does:\n{c.stderr[-3000:]}")
            return 1
        # `tcc run` (compiled, through the cache) must print what the executable printed,
        # on a cold cache and again on a warm one.
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        cache_checks = not a.no_run_cache and os.environ.get("TCC_E2E_SANITIZED") != "1"
        for attempt in ("cold", "warm") if cache_checks else ():
            r = subprocess.run([tcc, "run", path] + a.args, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
            if r.stdout != c.stdout or r.returncode != c.returncode:
                print(f"FAIL `tcc run` ({attempt} cache) differs from the built executable (exit {r.returncode}):\n{r.stderr[-2000:]}")
                return 1
        eager = check_truth.run_with_stats([tcc, "run", "--eager", path] + a.args, cwd, tmp, "eager_stats.json")
    e = eager[0]
    problems = []
    if a.truth:
        src = open(path, encoding="utf-8").read()
        found = check_truth.judge(truth_name, src, ex, b.stderr, compiled, eager)
        if found and truth_name in check_truth.XFAIL:
            print(f"xfail truth: {check_truth.XFAIL[truth_name]}")
        elif not found and truth_name in check_truth.XFAIL:
            problems.append(f"truth: passes now; remove {truth_name} from XFAIL in check_truth.py")
        problems += ["truth " + p for p in found] if truth_name not in check_truth.XFAIL else []
    if c.returncode != e.returncode:
        problems.append(f"exit codes differ: compiled {c.returncode}, eager {e.returncode}\n{c.stderr}\n{e.stderr}")
    with open(path, encoding="utf-8") as src:
        exact_case = re.search(r"^# e2e-exact\b", src.read(), re.M) is not None
    compare(c.stdout, e.stdout, "eager", problems)
    if exact_case and c.stdout != e.stdout:
        problems.append("e2e-exact: the compiled output is not exactly the eager output")
    ref = os.path.splitext(path)[0] + ".torch.txt"
    if os.path.exists(ref):
        with open(ref) as f:
            torch_text = f.read()
        compare(c.stdout, torch_text, "PyTorch", problems)
        if exact_case and c.stdout != torch_text:
            problems.append("e2e-exact: the compiled output is not exactly PyTorch's")
    exact = c.stdout == e.stdout
    if problems:
        print(f"FAIL {os.path.basename(path)}")
        for p in problems:
            print("  - " + p)
        print("---- compiled stdout\n" + c.stdout[-3000:] + "\n---- eager stdout\n" + e.stdout[-3000:])
        return 1
    print(f"ok   {os.path.basename(path)} ({kernels} kernels, {'bit-identical' if exact else 'within tolerance'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
