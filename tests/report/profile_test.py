#!/usr/bin/env python3
"""Run statistics carry timings, and `tcc explain --profile` ranks breaks by
them: examples/graph_breaks.ts built and run with TCC_STATS has per-entry
seconds (kernels, interpreted statements) and a site for its print; explain
--profile ranks that break with a measured time and a share of the run;
without a profile, --costs gives the static estimate, labelled as one.

usage: profile_test.py --tcc build/tcc --example examples/graph_breaks.ts
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--example", required=True)
    args = ap.parse_args()
    tcc = os.path.abspath(args.tcc)
    ex = os.path.abspath(args.example)
    d = tempfile.mkdtemp(prefix="tcc-profile-")
    exe = os.path.join(d, "prog")
    r = subprocess.run([tcc, "build", ex, "-o", exe], capture_output=True, text=True, timeout=600)
    check(r.returncode == 0, "tcc build (%s)" % r.stderr.strip()[:200])
    stats = os.path.join(d, "stats.json")
    r = subprocess.run([exe], env=dict(os.environ, TCC_STATS=stats), capture_output=True, text=True,
                       cwd=os.path.dirname(ex), timeout=600)
    check(r.returncode == 0 and os.path.exists(stats), "the program ran and wrote its statistics")
    if not os.path.exists(stats):
        return 1
    s = json.load(open(stats))
    check(s["run_seconds"] > 0, "run_seconds > 0")
    e = [x for x in s["entries"] if x["function"] == "train_step"]
    check(len(e) == 1, "one train_step entry")
    if e:
        e = e[0]
        check(e["seconds"] > 0 and e["kernel_seconds"] > 0, "the entry has wall and kernel time")
        check(e["kernel_seconds"] + e["interpreted_seconds"] <= e["seconds"] * 1.001 + 1e-6,
              "kernel + interpreted time fit in the entry's time")
        sites = [x for x in e["sites"] if x["line"] == 13]
        check(len(sites) == 1 and sites[0]["count"] == 5 and sites[0]["seconds"] > 0,
              "the print at line 13 ran 5 times in the interpreter, timed")
    r = subprocess.run([tcc, "explain", ex, "--profile", stats], capture_output=True, text=True, timeout=300)
    out = r.stdout
    check(r.returncode == 0 and "cost of graph breaks, measured" in out, "explain --profile prints measured costs")
    line = [l for l in out.splitlines() if l.strip().startswith("1.")]
    check(bool(line) and "graph_breaks.ts:13" in line[0] and " ms" in line[0] and "% of the run" in line[0],
          "the break is ranked first with a time and a share of the run: %s" % (line[0].strip() if line else ""))
    check("outside graphs" in out, "the share of the run outside graphs is given")
    j = json.loads(subprocess.run([tcc, "explain", ex, "--profile", stats, "--format", "json"],
                                  capture_output=True, text=True).stdout)
    c = j["costs"]
    check(c["measured"] and c["breaks"][0]["seconds"] > 0 and 0 < c["breaks"][0]["share"] < 1,
          "JSON costs: measured seconds and share")
    r = subprocess.run([tcc, "explain", ex, "--costs"], capture_output=True, text=True)
    check("static estimate" in r.stdout and "graph_breaks.ts:13" in r.stdout, "--costs: a labelled static estimate")
    r = subprocess.run([tcc, "explain", ex, "--profile", os.path.join(d, "missing.json")], capture_output=True,
                       text=True)
    check(r.returncode == 0 and "static estimate" in r.stdout and "cannot read" in r.stderr,
          "a missing profile falls back to the estimate, with a warning")
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
