#!/usr/bin/env python3
"""Keeps the files generated from the builtin tables true.

Each block between BEGIN/END markers below is rewritten from
`tcc explain --list-builtins` (the builtin tables of lang/semantics/ and the
functions of stdlib/nn.ts):

  docs/language.md                  the language reference (--format markdown)
  stdlib/torch.ts                   `torch.X` for every builtin torch has as a function
  stdlib/torch/nn/functional.ts     `torch.nn.functional.X` for the functions of stdlib/nn.ts

    python3 tools/update_docs.py build/tcc          # rewrite the blocks
    python3 tools/update_docs.py --check build/tcc  # exit 1 if one is stale (ctest docs.langref)
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Python-level builtins that are torch functions too (`torch.manual_seed`, ...).
TORCH_PYTHON_GROUPS = {"Control", "IO", "Random", "Type"}
NOT_TORCH = {"pytree", "argv", "graph_break", "error_on_graph_break", "fullgraph", "nonstrict_trace"}


def run_tcc(tcc, fmt):
    env = dict(os.environ, TCC_STDLIB=os.path.join(ROOT, "stdlib"))
    gen = subprocess.run([tcc, "explain", "--list-builtins", "--format", fmt], capture_output=True, text=True, env=env)
    if gen.returncode != 0:
        sys.exit("tcc explain --list-builtins failed: " + gen.stderr)
    return gen.stdout


def defined_names(path, begin, end):
    """The names a module's hand-written part (outside the generated block)
    defines: def, class or assignment at top level."""
    text = open(path).read()
    if begin in text and end in text:
        text = text.split(begin, 1)[0] + text.split(end, 1)[1]
    names = set()
    for line in text.splitlines():
        m = re.match(r"(?:def|class)\s+(\w+)|(\w+)\s*=", line)
        if m:
            names.add(m.group(1) or m.group(2))
    return names


TORCH_BLOCK = ("# BEGIN generated torch names", "# END generated torch names")
FUNCTIONAL_BLOCK = ("# BEGIN generated functional names", "# END generated functional names")


def torch_names(tables, path):
    """`name = name` for every builtin that torch has as a function, except
    those torch.ts defines itself."""
    own = defined_names(path, *TORCH_BLOCK)
    fn_forms = {r["name"] for r in tables["tensor"] if "function" in r["forms"] or "Python" in r["forms"]}
    names = set(fn_forms)
    names |= {a["name"] for a in tables["aliases"] if a["target"] in fn_forms}
    names |= {r["name"] for r in tables["python"] if r["group"] in TORCH_PYTHON_GROUPS and r["name"] not in NOT_TORCH}
    names = sorted(n for n in names if not n.startswith("_") and n not in own)
    return "".join(f"{n} = {n}\n" for n in names)


def functional_names(tables, path):
    """`from nn import (...)` of every function of stdlib/nn.ts that
    functional.ts does not define itself."""
    own = defined_names(path, *FUNCTIONAL_BLOCK)
    names = [r["name"] for r in tables["nn"] if r["name"] not in own]
    return "from nn import (\n" + "".join(f"    {n},\n" for n in names) + ")\n"


def update(path, begin, end, body, check):
    text = open(path).read()
    if begin not in text or end not in text:
        sys.exit("%s has no %s ... %s block" % (path, begin, end))
    head, rest = text.split(begin, 1)
    old, tail = rest.split(end, 1)
    new = "\n" + body.rstrip("\n") + "\n"
    rel = os.path.relpath(path, ROOT)
    if old == new:
        return 0
    if check:
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                   rel + " (committed)", "tcc explain --list-builtins"))
        print("\n%s is stale: run `python3 tools/update_docs.py <path to tcc>`" % rel)
        return 1
    open(path, "w").write(head + begin + new + end + tail)
    print(rel + ": updated")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tcc")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    tables = json.loads(run_tcc(args.tcc, "json"))
    torch_ts = os.path.join(ROOT, "stdlib", "torch.ts")
    functional_ts = os.path.join(ROOT, "stdlib", "torch", "nn", "functional.ts")
    blocks = [
        (os.path.join(ROOT, "docs", "language.md"), "<!-- BEGIN generated language reference -->",
         "<!-- END generated language reference -->", run_tcc(args.tcc, "markdown")),
        (torch_ts, *TORCH_BLOCK, torch_names(tables, torch_ts)),
        (functional_ts, *FUNCTIONAL_BLOCK, functional_names(tables, functional_ts)),
    ]
    stale = 0
    for path, begin, end, body in blocks:
        stale |= update(path, begin, end, body, args.check)
    return stale


if __name__ == "__main__":
    sys.exit(main())
