#!/usr/bin/env python3
"""The truth test (issue 9): the compiled program does what `tcc explain` says.

For every program in tests/e2e/truth/ (programs for the causes issue 9 lists,
checked only here) and ../shared/conformance/cases/ (beside the repo; skipped
when absent), and with --all also examples/ and tests/e2e/cases/ (CTest checks
those in their own tests: run_e2e.py --truth calls judge() below on the
executable it built, so each is built once), runs `tcc explain --format json`,
`tcc build`, and the executable with TCC_STATS, and checks the run statistics
(docs/cli.md "Run statistics") against explain:

  build-graphs     `tcc build`'s "N graphs" equals explain's graph_count
  build-kernels    `tcc build`'s "N kernels" equals explain's kernel_count
  build            the build warns of no graph that runs eagerly (TS6001)
  kernel_launches  every run-time entry of a function explain reports with
                   graphs (in every specialisation) launched a kernel
  kernel_ops       a function with one specialisation and one run-time entry
                   runs at least explain's op count in kernels per call (only
                   its first graph's when the interpreter runs a branch, loop
                   or `try` of it: a path may return early)
  interpreted_ops  every run-time entry of a function explain reports with
                   no graph break, no error and no `interpreted` line ran 0
                   interpreted tensor ops
  unexplained      a run-time entry that ran tensor ops is listed by explain
  sites            every statement of an entry that ran interpreted tensor
                   ops (TCC_STATS `sites`) is explained there: a break, an
                   error or an `interpreted` line of that function is at it
                   or reached through a call on its line
  guard_failures   no guard failed, unless the program has a line
                   `# truth: guard-failure-expected`
  stats            the executable wrote its statistics (also after an error)
  output           the executable prints what `tcc run --eager` prints and
                   exits the same (run_e2e.py's float tolerance), unless the
                   program says `# truth: output-differs-with-warning KIND`
                   and explain reports a warning of that kind
  entries          both runs make the same entry calls (function, signature,
                   calls), in the same order

Skipped: conformance programs explain reports with compile errors, and
programs that say `# expect build: fail`; elsewhere a compile error is a
failure. A program in tests/e2e/truth/ must exit 0 unless it says
`# truth: run-time-error-expected`. XFAIL lists the programs known to fail today, each
with a reason; a listed program that passes is an error too (XPASS), so the
list only shrinks. Exit 0 when every result is as expected.

Usage: check_truth.py --tcc build/tcc [--verbose] [--all] [--shared DIR] [PROGRAM...]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_e2e import close, split  # noqa: E402  (the e2e oracle's comparison)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "conformance", "cases")

# program (relative to the repo root; shared cases as "shared/<name>") -> why
# it fails today. Remove an entry as soon as its program passes.
XFAIL = {
}

TIMEOUT = 300


def programs(everything=True):
    """The programs checked: with everything=False only tests/e2e/truth/ and
    the shared conformance cases (each example and e2e case is checked by its
    own run_e2e.py --truth test, on the executable that test builds)."""
    out = []
    for p in sorted(glob.glob(os.path.join(ROOT, "examples", "*.ts"))) if everything else []:
        out.append(("examples/" + os.path.basename(p), p, ROOT))
    for folder in ("cases", "truth") if everything else ("truth",):
        for p in sorted(glob.glob(os.path.join(HERE, folder, "*.ts"))):
            if os.path.basename(p).startswith("_"):
                continue  # a helper module another program imports
            out.append((f"tests/e2e/{folder}/" + os.path.basename(p), p, os.path.dirname(p)))
    if SHARED and os.path.isdir(SHARED):
        for p in sorted(glob.glob(os.path.join(SHARED, "*.ts"))):
            out.append(("shared/" + os.path.basename(p), p, os.path.dirname(p)))
    return out


def key_of(path):
    path = os.path.abspath(path)
    for name, p, _ in programs():
        if p == path:
            return name
    return os.path.relpath(path, ROOT)


def run(cmd, cwd, env=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, env=env)


def explain_functions(ex):
    """(module, function) -> {"graphs": all specs have graphs, "any_graphs", "clean", "summary"}."""
    funcs = {}
    for f in ex.get("functions", []):
        k = (f.get("module", "main"), f["function"])
        d = funcs.setdefault(k, {"all_graphs": True, "any_graphs": False, "clean": True, "specs": []})
        g = f.get("graph_count", 0)
        d["all_graphs"] &= g > 0
        d["any_graphs"] |= g > 0
        brk, err, interp = f.get("graph_break_count", 0), f.get("error_count", 0), len(f.get("interpreted", []))
        d["clean"] &= brk == 0 and err == 0 and interp == 0
        # as kernel_ops counts them: not inputs or constants
        per_graph = [sum(1 for op in x.get("ops", []) if op not in ("constant", "input", "scalar_input"))
                     for x in f.get("graphs", [])]
        # Control flow the interpreter runs (a branch on a tensor's value, a
        # loop or `try` with a break inside) may return early or skip a
        # graph: then only the first graph, which ends at the first such
        # statement, runs on every call.
        branchy = any(re.match(r"(this loop|this `(if|try|with)`|the branch this `if`)", n.get("reason", ""))
                      for n in f.get("interpreted", []))
        d.setdefault("ops", []).append(per_graph[0] if branchy and per_graph else sum(per_graph))
        d["specs"].append(f"{f.get('signature', '')}: {g} graphs, {brk} breaks, {interp} interp lines")
        # Where explain places work in the interpreter: interp lines and the
        # calls reaching them, and every frame of the breaks and errors.
        at = d.setdefault("at", set())
        for n in f.get("interpreted", []):
            at.add((n.get("file", ""), n["line"]))
            at.update((a["file"], a["line"]) for a in n.get("at", []))
        for site in ex.get("graph_breaks", []) + ex.get("errors", []):
            if site.get("function") != f["function"] and not any(
                    fr.get("function") == f["function"] for fr in site.get("user_stack", [])):
                continue
            at.add((site.get("file", ""), site["line"]))
            at.update((fr.get("file", ""), fr["line"]) for fr in site.get("user_stack", []))
    return funcs


def same_file(a, b):
    """Explain and the statistics name a file as given or as an absolute path."""
    return a == b or (os.path.basename(a) == os.path.basename(b) and (a.endswith(b) or b.endswith(a)))


def parse_explain(name, e):
    """explain's JSON, or (None, (status, detail)) when the program is skipped or fails."""
    try:
        ex = json.loads(e.stdout)
    except json.JSONDecodeError:
        return None, ("fail", [f"explain printed no JSON (exit {e.returncode}): {e.stderr[-500:]}"])
    if ex.get("error_count", 0) > 0 or e.returncode != 0:
        if name.startswith("shared/"):
            return None, ("skip", "explain reports compile errors")
        msgs = "; ".join(f"{x.get('line')}:{x.get('column')} {x.get('message', x.get('reason', ''))}"
                         for x in ex.get("errors", [])[:3])
        return None, ("fail", [f"explain: {ex.get('error_count', 0)} compile errors (exit {e.returncode}): {msgs}"])
    return ex, None


def run_with_stats(cmd, cwd, tmp, fname):
    """Runs cmd with TCC_STATS; returns (result, statistics or None, the error reading them)."""
    path = os.path.join(tmp, fname)
    if os.path.exists(path):
        os.remove(path)
    r = run(cmd, cwd, env=dict(os.environ, TCC_STATS=path))
    try:
        with open(path, encoding="utf-8") as fh:
            return r, json.load(fh), None
    except (OSError, json.JSONDecodeError) as err:
        return r, None, err


def check(name, path, cwd, tmp):
    """Returns ("skip", reason) or ("ok"|"fail", [problems])."""
    src = open(path, encoding="utf-8").read()
    if re.search(r"^# expect build: fail", src, re.M):
        return "skip", "expected not to build"
    ex, status = parse_explain(name, run([TCC, "explain", path, "--format", "json"], cwd))
    if status:
        return status
    exe = os.path.join(tmp, "prog")
    b = run([TCC, "build", path, "-o", exe], cwd)
    if b.returncode != 0:
        return "fail", [f"build failed (exit {b.returncode}): {b.stderr[-800:]}"]
    compiled = run_with_stats([exe], cwd, tmp, "stats.json")
    eager = run_with_stats([TCC, "run", "--eager", path], cwd, tmp, "eager_stats.json")
    problems = judge(name, src, ex, b.stderr, compiled, eager)
    return ("fail" if problems else "ok"), problems


def judge(name, src, ex, build_stderr, compiled, eager):
    """The truth checks, given explain's JSON, the build's stderr and the
    (result, statistics, error) of the compiled and the eager run (from
    run_with_stats). Returns the problems found. run_e2e.py calls this with
    the executable it built, so every e2e case is checked here too."""
    problems = []
    # A graph explain lists that the backend cannot compile runs in the
    # interpreter instead (TS6001): explain's graphs would not be what runs.
    for line in build_stderr.splitlines():
        if "[TS6001 kernel_runs_eagerly]" in line:
            problems.append(f"build: {line.strip()[:300]}")
    m = re.search(r"(\d+) graphs?, (\d+) kernels?;", build_stderr)
    if not m:
        problems.append(f"build-graphs: no build summary in: {build_stderr[-300:]}")
    else:
        graphs, kernels = int(m.group(1)), int(m.group(2))
        if graphs != ex.get("graph_count"):
            problems.append(f"build-graphs: explain graph_count {ex.get('graph_count')}, build says {graphs}")
        if "kernel_count" in ex and kernels != ex["kernel_count"]:
            problems.append(f"build-kernels: explain kernel_count {ex['kernel_count']}, build says {kernels}"
                            f" ({build_stderr.strip()[-300:]})")
    r, st, err = compiled
    if st is None:
        problems.append(f"stats: no statistics written (exit {r.returncode}): {err}")
        return problems
    if name.startswith("tests/e2e/truth/") and r.returncode != 0 and \
            not re.search(r"^# truth: run-time-error-expected", src, re.M):
        first_error = next((ln for ln in r.stderr.splitlines() if "error" in ln), r.stderr.strip()[-300:])
        problems.append(f"exit: the executable exited {r.returncode}: {first_error[:300]}")
    e, est, eerr = eager
    if est is None:
        problems.append(f"stats: `tcc run --eager` wrote no statistics (exit {e.returncode}): {eerr}")
    else:
        calls = lambda s: [(x["function"], x["signature"], x["calls"]) for x in s.get("entries", [])]  # noqa: E731
        if calls(est) != calls(st):
            problems.append(f"entries: compiled and eager runs made different entry calls: compiled {calls(st)[:4]}, "
                            f"eager {calls(est)[:4]}")
    if e.returncode != r.returncode:
        first_error = next((ln for ln in (r.stderr + e.stderr).splitlines() if "error" in ln), "")
        problems.append(f"output: exit code compiled {r.returncode}, eager {e.returncode}: {first_error[:300]}")
    (cn, ct), (en_, et) = split(r.stdout), split(e.stdout)
    differs = []
    if ct != et or len(cn) != len(en_):
        differs.append(f"output: printed text differs: compiled {r.stdout[-300:]!r}, eager {e.stdout[-300:]!r}")
    else:
        bad = [(i, x, y) for i, (x, y) in enumerate(zip(cn, en_)) if not close(x, y)]
        if bad:
            differs.append(f"output: numbers differ (index, compiled, eager): {bad[:6]}")
    # A difference explain warns about is the contract kept (e.g. `print` in a
    # nonstrict_trace function: a diagnostic, not a silent drop).
    allowed = re.findall(r"^# truth: output-differs-with-warning (\w+)", src, re.M)
    warned = {w.get("kind") for w in ex.get("warnings", [])}
    warned_ok = bool(allowed) and all(k in warned for k in allowed)
    if differs and allowed and not warned_ok:
        differs.append(f"output: the program allows a difference only with explain warnings {allowed}; "
                       f"explain warned {sorted(warned)}")
    if not warned_ok:
        problems += differs
    funcs = explain_functions(ex)
    # A program that computes gradients runs in the interpreter as a whole
    # (break `autograd`): every entry is explained, and none launches a kernel.
    whole = any(b.get("kind") == "autograd" for b in ex.get("graph_breaks", []))
    for en in st.get("entries", []) if whole else []:
        if en["kernel_launches"]:
            problems.append(f"autograd: function `{en['function']}` launched {en['kernel_launches']} kernels in a "
                            f"program explain says runs in the interpreter")
    for en in [] if whole else st.get("entries", []):
        fk = (en.get("module", "main"), en["function"])
        where = f"function `{en['function']}` {en['signature']} (entered from {en['entered_from']})"
        info = funcs.get(fk)
        if info is None:
            if en["interpreted_ops"] or en["kernel_launches"]:
                problems.append(f"unexplained: {where}: explain does not list it, it ran "
                                f"{en['interpreted_ops']} interpreted ops, {en['kernel_launches']} kernels")
            continue
        if info["all_graphs"] and en["calls"] > 0 and en["kernel_launches"] == 0:
            problems.append(f"kernel_launches: {where}: explain reports graphs ({'; '.join(info['specs'])}), "
                            f"expected > 0, saw 0 in {en['calls']} calls (interpreted_ops {en['interpreted_ops']})")
        # Every op explain places in a graph runs in a kernel: with one
        # specialisation and one run-time entry (so they are the same), each
        # call runs at least that many kernel ops (more when a loop with a
        # run-time trip count launches its body again).
        same_entry = len(info["ops"]) == 1 and sum(1 for x in st["entries"] if (x.get("module", "main"),
                                                                                x["function"]) == fk) == 1
        if same_entry and r.returncode == 0 and en["calls"] and en["kernel_ops"] < en["calls"] * info["ops"][0]:
            problems.append(f"kernel_ops: {where}: explain places {info['ops'][0]} ops in graphs, expected >= "
                            f"{en['calls'] * info['ops'][0]} kernel ops in {en['calls']} calls, saw {en['kernel_ops']} "
                            f"(interpreted_ops {en['interpreted_ops']})")
        for site in en.get("sites", []):
            if not site.get("interpreted_ops"):
                continue
            lines = set(range(site["line"], max(site["line"], site.get("end_line", 0)) + 1))
            if not any(same_file(f, site["file"]) and ln in lines for f, ln in info["at"]):
                problems.append(f"sites: {where}: {site['file']}:{site['line']} ran {site['interpreted_ops']} "
                                f"interpreted ops in {site['count']} runs, and explain names no break, error or "
                                f"interp line at it ({'; '.join(info['specs'])})")
        if info["clean"] and en["interpreted_ops"] != 0:
            problems.append(f"interpreted_ops: {where}: explain reports no break and no interp line "
                            f"({'; '.join(info['specs'])}), expected 0, saw {en['interpreted_ops']}")
    if not re.search(r"^# truth: guard-failure-expected", src, re.M):
        failures = [(en["function"], g) for en in st.get("entries", []) for g in en.get("guard_failures", [])]
        failures += [("<module>", g) for g in st.get("module_guard_failures", [])]
        for fn, g in failures:
            problems.append(f"guard_failures: function `{fn}` {g['file']}:{g['line']}: guard `{g['guard']}` "
                            f"expected {g['expected']}, saw {g['saw']} ({g['count']}x)")
    return problems


def main():
    global TCC, SHARED
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--verbose", action="store_true", help="also show the problems of expected failures")
    ap.add_argument("--shared", default=None, help="the conformance cases folder (default: ../shared/conformance/cases)")
    ap.add_argument("--all", action="store_true",
                    help="also the examples and tests/e2e/cases/ (which CTest checks through run_e2e.py --truth)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    TCC = os.path.abspath(a.tcc)
    if a.shared:
        SHARED = os.path.abspath(a.shared)
    todo = programs(a.all)
    if a.files:
        todo = [(key_of(f), os.path.abspath(f), os.path.dirname(os.path.abspath(f))) for f in a.files]
        todo = [(n, p, ROOT if n.startswith("examples/") else c) for n, p, c in todo]
    errors = 0
    counts = {"ok": 0, "skip": 0, "xfail": 0, "FAIL": 0, "XPASS": 0}
    seen = set()
    with tempfile.TemporaryDirectory() as tmp:
        for name, path, cwd in todo:
            seen.add(name)
            try:
                status, detail = check(name, path, cwd, tmp)
            except subprocess.TimeoutExpired as t:
                status, detail = "fail", [f"timed out: {' '.join(t.cmd)}"]
            if status == "skip":
                counts["skip"] += 1
                print(f"skip  {name}: {detail}")
                continue
            xfail = XFAIL.get(name)
            if status == "ok" and xfail:
                counts["XPASS"] += 1
                errors += 1
                print(f"XPASS {name}: passes now; remove it from XFAIL in check_truth.py (was: {xfail})")
            elif status == "ok":
                counts["ok"] += 1
                print(f"ok    {name}")
            elif xfail:
                counts["xfail"] += 1
                print(f"xfail {name}: {xfail}")
                if a.verbose:
                    for p in detail:
                        print(f"        {p}")
            else:
                counts["FAIL"] += 1
                errors += 1
                print(f"FAIL  {name}")
                for p in detail:
                    print(f"        {name}: {p}")
    if not a.files:
        for name in sorted(XFAIL):
            if name not in seen and (a.all or name.startswith(("shared/", "tests/e2e/truth/"))) and \
                (not name.startswith("shared/") or (SHARED and os.path.isdir(SHARED))):
                errors += 1
                print(f"STALE {name}: listed in XFAIL but no such program")
    print(", ".join(f"{v} {k}" for k, v in counts.items()))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
