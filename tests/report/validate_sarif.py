#!/usr/bin/env python3
"""Validates `tcc lint --format sarif` on every .ts file given (files or
folders, searched recursively) with two real validators installed by
tools/setup.sh: the SARIF 2.1.0 JSON schema (shipped in the multitool
package) under ajv, and the SARIF multitool's `validate` (SARIF and GitHub
rules; any error or warning fails). A missing validator is a failure, not a
skip: CI must run it.

usage: validate_sarif.py --tcc build/tcc [--npm PREFIX] [--work DIR] PATH...
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--npm", default=os.environ.get("TCC_NPM_PREFIX", "/usr/local/lib/tcc-npm"))
    ap.add_argument("--work", default=None, help="folder for the .sarif files (default: a temporary one)")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()

    mods = os.path.join(args.npm, "node_modules")
    ajv = os.path.join(mods, "ajv-cli", "dist", "index.js")
    multitool = os.path.join(mods, "@microsoft", "sarif-multitool-linux", "Sarif.Multitool")
    schema = os.path.join(mods, "@microsoft", "sarif-multitool-linux", "sarif-2.1.0.json")
    missing = [p for p in (ajv, multitool, schema) if not os.path.exists(p)]
    if missing:
        print("FAIL: SARIF validators not installed (run `bash tools/setup.sh`): " + ", ".join(missing))
        return 1

    cases = []
    for p in args.paths:
        if not os.path.exists(p):
            print("FAIL: %s does not exist" % p)
            return 1
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                cases += [os.path.join(root, f) for f in sorted(files) if f.endswith(".ts")]
        else:
            cases.append(p)
    if not cases:
        print("FAIL: no .ts files found in " + " ".join(args.paths))
        return 1

    work = args.work or tempfile.mkdtemp(prefix="tcc-sarif-")
    os.makedirs(work, exist_ok=True)
    failures = 0
    outputs = []
    for i, case in enumerate(sorted(cases)):
        out = os.path.join(work, "%03d_%s.sarif" % (i, os.path.basename(case)[:-3]))
        root = os.path.dirname(os.path.abspath(case))
        r = subprocess.run([args.tcc, "lint", "--format", "sarif", "--root", root, "-o", out, case],
                           capture_output=True, text=True, timeout=300)
        if r.returncode not in (0, 1):
            print("FAIL: %s: tcc lint exited %d\n%s" % (case, r.returncode, r.stderr))
            failures += 1
            continue
        with open(out) as f:
            log = json.load(f)
        results = log["runs"][0]["results"]
        if r.returncode == 1 and not any(x.get("level") == "error" for x in results):
            print("FAIL: %s: lint failed but no result has level error" % case)
            failures += 1
        outputs.append((case, out, len(results)))

    # 1. The JSON schema (draft 2020-12) under ajv, all files in one run;
    #    ajv-cli picks the parser by extension, so it reads .json copies.
    copies = []
    for case, out, _ in outputs:
        copy = out + ".json"
        with open(out) as src, open(copy, "w") as dst:
            dst.write(src.read())
        copies.append(copy)
    cmd = ["node", ajv, "validate", "--spec=draft2020", "--strict=false", "--errors=text", "-c", "ajv-formats",
           "-s", schema]
    for c in copies:
        cmd += ["-d", c]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=mods)
    said = r.stdout + r.stderr
    valid = [c for c in copies if (c + " valid") in said]
    if r.returncode != 0 or len(valid) != len(copies):
        print("FAIL: schema validation (ajv exit %d):\n%s" % (r.returncode, said))
        failures += 1

    # 2. The multitool's rules (SARIF and GitHub ones), all files in one run;
    #    its report is SARIF too: any error or warning result fails.
    report = os.path.join(work, "validation.sarif")
    if os.path.exists(report):
        os.remove(report)
    r = subprocess.run([multitool, "validate", "--rule-kind", "Sarif;Gh", "-o", report] + [o for _, o, _ in outputs],
                       capture_output=True, text=True, timeout=600)
    if not os.path.exists(report):
        print("FAIL: multitool wrote no report (exit %d)\n%s%s" % (r.returncode, r.stdout, r.stderr))
        failures += 1
    else:
        with open(report) as f:
            v = json.load(f)
        bad = [x for run in v.get("runs", []) for x in run.get("results", [])
               if x.get("level", "warning") in ("error", "warning")]
        notes = [n for run in v.get("runs", []) for inv in run.get("invocations", [])
                 for n in inv.get("toolExecutionNotifications", []) if n.get("level") == "error"]
        if bad or notes or r.returncode != 0:
            failures += 1
            print("FAIL: multitool validate (exit %d):" % r.returncode)
            for x in bad + notes:
                loc = x.get("locations", [{}])[0].get("physicalLocation", {}).get("artifactLocation", {}).get("uri", "")
                print("  %s %s %s: %s" % (loc, x.get("ruleId", ""), x.get("level", "warning"), x.get("message", {})))

    # 3. The validators can fail: a log with a bad level and a driver without
    #    version and informationUri must be rejected by both.
    if outputs:
        with open(outputs[0][1]) as f:
            broken = json.load(f)
        drv = broken["runs"][0]["tool"]["driver"]
        for k in ("version", "semanticVersion", "informationUri"):
            drv.pop(k, None)
        broken["runs"][0]["results"].append({"ruleId": "TS4001", "level": "bogus", "message": {"text": "x"}})
        bad_path = os.path.join(work, "broken.sarif.json")
        with open(bad_path, "w") as f:
            json.dump(broken, f)
        r = subprocess.run(["node", ajv, "validate", "--spec=draft2020", "--strict=false", "-c", "ajv-formats",
                            "-s", schema, "-d", bad_path], capture_output=True, text=True, timeout=300, cwd=mods)
        if r.returncode == 0 and "invalid" not in r.stdout + r.stderr:
            print("FAIL: ajv accepted a log with level `bogus`")
            failures += 1
        drv_only = json.loads(json.dumps(broken))
        drv_only["runs"][0]["results"].pop()
        bad2 = os.path.join(work, "broken2.sarif")
        with open(bad2, "w") as f:
            json.dump(drv_only, f)
        report = os.path.join(work, "validation-broken.sarif")
        if os.path.exists(report):
            os.remove(report)
        subprocess.run([multitool, "validate", "--rule-kind", "Sarif;Gh", "-o", report, bad2],
                       capture_output=True, text=True, timeout=300)
        flagged = []
        if os.path.exists(report):
            flagged = [x for run in json.load(open(report)).get("runs", []) for x in run.get("results", [])]
        if not any(x.get("ruleId") == "SARIF2005" for x in flagged):
            print("FAIL: the multitool did not flag a driver without version and informationUri")
            failures += 1

    n = sum(k for _, _, k in outputs)
    print("%d files, %d SARIF results: %s" % (len(outputs), n, "all valid" if not failures else
                                              "%d failures" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
