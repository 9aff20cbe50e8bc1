#!/usr/bin/env python3
"""Source checks that keep issue 10's structure true:

1. Layering: lang/ is below compiler/ and runtime/. No file under runtime/
   includes a header of a folder of compiler/ (the runtime is linked into
   every program tcc builds), and no file under lang/ includes one of
   compiler/ or runtime/. What both use lives in lang/. (The compiler may use
   the runtime: `tcc run --eager` is its interpreter, and the tracer computes
   module-scope tensors with its tensor library.)
2. Kinds stay enforced: no `default:` in a switch over OpKind or OpCategory
   (with -Werror=switch a new ops.def row is then a compile error at each
   place that must handle it).

Usage: check_sources.py SOURCE_ROOT
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)


def sources(root, sub):
    for d, _, files in os.walk(os.path.join(root, sub)):
        for f in files:
            if f.endswith((".h", ".cpp", ".def")):
                yield os.path.join(d, f)


def folders(root, sub):
    top = os.path.join(root, sub)
    return {d for d in os.listdir(top) if os.path.isdir(os.path.join(top, d))}


def check_layering(root):
    compiler = folders(root, "compiler") | {"compiler"}
    runtime = (folders(root, "runtime") - {"include"}) | {"runtime"}
    bad = []
    for layer, banned, what in (("runtime", compiler, "compiler"), ("lang", compiler | runtime, "compiler or runtime")):
        for p in sources(root, layer):
            for inc in INCLUDE.findall(open(p, encoding="utf-8", errors="replace").read()):
                first = inc.split("/")[0]
                if "/" in inc and first in banned:
                    bad.append("%s includes %s (a header of %s/)" % (os.path.relpath(p, root), inc, what))
    return bad


def switch_blocks(text):
    """(start offset, body) of every `switch (...) {` block, braces matched."""
    for m in re.finditer(r"\bswitch\s*\(", text):
        i = text.find("{", m.end())
        if i < 0:
            continue
        depth, j = 0, i
        while j < len(text):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        yield m.start(), text[i:j]


def check_defaults(root):
    bad = []
    for p in sources(root, "compiler"):
        text = open(p, encoding="utf-8", errors="replace").read()
        for start, body in switch_blocks(text):
            # only this switch's own labels: drop nested switch bodies
            own = re.sub(r"\bswitch\s*\([^)]*\)\s*\{(?:[^{}]|\{[^{}]*\})*\}", "", body[1:])
            if re.search(r"case\s+(graph::)?Op(Kind|Category)::", own) and re.search(r"\bdefault\s*:", own):
                line = text.count("\n", 0, start) + 1
                bad.append("%s:%d: `default:` in a switch over OpKind/OpCategory" % (os.path.relpath(p, root), line))
    return bad


def main():
    root = sys.argv[1]
    problems = check_layering(root) + check_defaults(root)
    for p in problems:
        print("FAIL", p)
    if not problems:
        print("ok: runtime/ includes nothing of compiler/, lang/ nothing of either; no default: over OpKind/OpCategory")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
