#!/usr/bin/env python3
"""`tcc explain --format html` in a real headless browser (Debian's chromium,
installed by tools/setup.sh; missing, the test fails): on
examples/graph_breaks.ts and on a generated program with 100 functions, the
page loads with no script error, expanding a line that runs in a graph shows
its graph (and, for kernels, LLVM IR), breaks are marked with code and hint,
and a screenshot is produced.

usage: html_test.py --tcc build/tcc --example examples/graph_breaks.ts [--keep DIR]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


def browser(exe, profile, *args):
    cmd = [exe, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"] + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180)


def hundred_functions(path):
    lines = []
    for i in range(100):
        lines.append("def f%d(x):" % i)
        lines.append("    y = x * %d.0 + 1.0" % (i + 1))
        if i % 10 == 0:
            lines.append("    print(y)")
        lines.append("    return relu(y)")
        lines.append("")
    lines.append("x = ones(4)")
    for i in range(100):
        lines.append("x = f%d(x)" % i)
    lines.append("print(x)")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def test_page(tcc, exe, work, prog, name, expect_breaks):
    html = os.path.join(work, name + ".html")
    r = subprocess.run([tcc, "explain", "--format", "html", "-o", html, prog], capture_output=True, text=True,
                       timeout=300)
    check(r.returncode == 0 and os.path.exists(html), "%s: explain --format html wrote %s" % (name, html))
    if not os.path.exists(html):
        return
    page = open(html).read()
    check(not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page), "%s: no network references" % name)
    j = json.loads(subprocess.run([tcc, "explain", "--format", "json", prog], capture_output=True, text=True).stdout)
    graph_lines = [l for fn in j["functions"] for g in fn["graphs"] for l in g["lines"]]
    check(bool(graph_lines), "%s: explain lists graph lines" % name)
    line = graph_lines[0]
    url = "file://" + os.path.abspath(html) + "#expand=%d" % line
    profile = os.path.join(work, "profile-" + name)
    r = browser(exe, profile, "--dump-dom", url)
    dom = r.stdout
    check('data-ready="1"' in dom, "%s: the page's script ran to the end" % name)
    check('class="tcc-error"' not in dom and "Uncaught" not in r.stderr, "%s: no script errors" % name)
    m = re.search(r'<tr class="line [a-z]+" data-id="(\d+)" data-line="%d" data-main="1"' % line, dom)
    check(m is not None, "%s: line %d is in the page" % (name, line))
    if m:
        det = re.search(r'<tr class="det open" id="det-%s">(.*?)</tr>' % m.group(1), dom, re.S)
        check(det is not None, "%s: clicking line %d expanded it" % (name, line))
        if det:
            check("graph-detail" in det.group(1) and "<pre" in det.group(1),
                  "%s: the expanded line shows its graph" % name)
            check("define " in det.group(1), "%s: the expanded line shows the kernel's LLVM IR" % name)
    check('class="line graph"' in dom, "%s: graph lines are shaded" % name)
    check('class="line glue"' in dom, "%s: module-scope lines are shaded as glue" % name)
    for code in expect_breaks:
        check(re.search(r'class="line brk".*?%s' % code, dom) is not None,
              "%s: a break line is marked with %s" % (name, code))
    # Break and interpreter lines are shaded by cost, as Cython's -a.
    check(re.search(r'class="line brk"[^>]*data-cost="[0-9.]+"><td class="n">\d+</td><td class="c" style="background:#',
                    dom) is not None, "%s: a break line is shaded by its cost" % name)
    shot = os.path.join(work, name + ".png")
    browser(exe, profile, "--screenshot=" + shot, "--window-size=1280,1600", url)
    check(os.path.exists(shot) and os.path.getsize(shot) > 1000, "%s: screenshot %s" % (name, shot))


def test_costs(tcc, work, prog):
    """With --profile, lines carry the measured time of what ran in the
    interpreter; a call whose callee's ops run in a graph is a graph line."""
    exe = os.path.join(work, "measured.bin")
    stats = os.path.join(work, "measured.json")
    html = os.path.join(work, "measured.html")
    r = subprocess.run([tcc, "build", prog, "-o", exe], capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "measured: tcc build")
    r = subprocess.run([exe], capture_output=True, text=True, env=dict(os.environ, TCC_STATS=stats), timeout=300)
    check(r.returncode == 0 and os.path.exists(stats), "measured: the program wrote its statistics")
    r = subprocess.run([tcc, "explain", "--format", "html", "--profile", stats, "-o", html, prog],
                       capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "measured: explain --profile --format html")
    page = open(html).read() if os.path.exists(html) else ""
    check("measured: " in page, "measured: the key says the shading is measured")
    check(re.search(r'class="line brk"[^>]*data-cost="[0-9.]+".*?\d+\.\d{3} ms</td>', page) is not None,
          "measured: a break line shows its measured time")
    check(re.search(r'class="line graph".*?\(through a call\)</td>', page) is not None,
          "measured: a call into a function whose ops are in a graph is a graph line")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--example", required=True)
    ap.add_argument("--keep", default=None, help="write the pages and screenshots here")
    args = ap.parse_args()
    exe = chromium()
    if not exe:
        print("FAIL: chromium is not installed (run `bash tools/setup.sh`)")
        return 1
    work = args.keep or tempfile.mkdtemp(prefix="tcc-html-")
    os.makedirs(work, exist_ok=True)
    tcc = os.path.abspath(args.tcc)
    test_page(tcc, exe, work, os.path.abspath(args.example), "graph_breaks", ["TS4002"])
    test_costs(tcc, work, os.path.abspath(args.example))
    gen = os.path.join(work, "hundred.ts")
    hundred_functions(gen)
    test_page(tcc, exe, work, gen, "hundred", ["TS4002"])
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
