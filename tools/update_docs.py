#!/usr/bin/env python3
"""Keeps README.md's generated language reference true.

The block between the BEGIN/END markers in README.md is the output of
`tcc explain --list-builtins --format markdown` (the builtin tables of
semantics/ and the functions of stdlib/nn.ts).

    python3 tools/update_docs.py build/tcc          # rewrite the block
    python3 tools/update_docs.py --check build/tcc  # exit 1 if it is stale (ctest docs.langref)
"""
import argparse
import difflib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
BEGIN = "<!-- BEGIN generated language reference -->"
END = "<!-- END generated language reference -->"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tcc")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    env = dict(os.environ, TCC_STDLIB=os.path.join(ROOT, "stdlib"))
    gen = subprocess.run([args.tcc, "explain", "--list-builtins", "--format", "markdown"],
                         capture_output=True, text=True, env=env)
    if gen.returncode != 0:
        sys.exit("tcc explain --list-builtins failed: " + gen.stderr)
    text = open(README).read()
    if BEGIN not in text or END not in text:
        sys.exit("README.md has no %s ... %s block" % (BEGIN, END))
    head, rest = text.split(BEGIN, 1)
    old, tail = rest.split(END, 1)
    new = "\n" + gen.stdout.rstrip("\n") + "\n"
    if old == new:
        return 0
    if args.check:
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                   "README.md (committed)", "tcc explain --list-builtins"))
        print("\nREADME.md's language reference is stale: run `python3 tools/update_docs.py %s`" % args.tcc)
        return 1
    open(README, "w").write(head + BEGIN + new + END + tail)
    print("README.md: language reference updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
