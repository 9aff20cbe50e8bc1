#!/usr/bin/env python3
"""Golden-file test runner for tcc.

A golden test is a .ts file that carries its own command and expected output:

    # RUN: tcc parse --dump-ast %s
    # RUN-EXIT: 1                      (optional; the expected exit code, default 0)
    ... the TensorScript program ...
    # CHECK-STDOUT: Module foo.ts      (expected stdout, one comment line per line)
    # CHECK-STDERR: foo.ts:3:5: error: ...

Rules:
  * `# RUN:` lines (at least one) come first. In the command, a leading `tcc`
    is the binary under test (--tcc) and `%s` is the file's name. The command
    runs in the file's folder, so paths in the output are relative, as given,
    and with NO_COLOR=1. Several RUN lines run in order; outputs concatenate.
  * The expected output is every `# CHECK-STDOUT:` / `# CHECK-STDERR:` line,
    conventionally one trailing comment block at the end of the file (so it
    never shifts the line numbers of the program above it). The text after
    `: ` is compared line by line, exactly, after stripping trailing spaces
    and trailing empty lines. A stream without CHECK lines must be empty.
  * `--update` rewrites the CHECK block (and the RUN-EXIT line) in place from
    the actual output. On a mismatch the runner prints a unified diff and the
    exact command that updates the file.

Usage: golden_test.py --tcc build/tcc [--update] FILE.ts...
Exit status: 0 when every file passes (or was updated), 1 otherwise.
"""
import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys

RUN_RE = re.compile(r"^#\s*RUN:\s*(.*)$")
EXIT_RE = re.compile(r"^#\s*RUN-EXIT:\s*(-?\d+)\s*$")
CHECK_RE = re.compile(r"^# CHECK-(STDOUT|STDERR):(?: (.*))?$")
TIMEOUT_SECONDS = 60


def parse_test(text):
    runs, exit_code, out, err = [], 0, [], []
    for line in text.splitlines():
        line = line.rstrip("\r")
        m = RUN_RE.match(line)
        if m:
            runs.append(m.group(1).strip())
            continue
        m = EXIT_RE.match(line)
        if m:
            exit_code = int(m.group(1))
            continue
        m = CHECK_RE.match(line)
        if m:
            (out if m.group(1) == "STDOUT" else err).append((m.group(2) or "").rstrip())
    return runs, exit_code, out, err


def normalize(text):
    lines = [l.rstrip() for l in text.replace("\r\n", "\n").split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def run_commands(runs, path, tcc):
    folder = os.path.dirname(os.path.abspath(path))
    name = os.path.basename(path)
    env = dict(os.environ, NO_COLOR="1")
    out, err, code = "", "", 0
    for cmd in runs:
        argv = [a.replace("%s", name) for a in shlex.split(cmd)]
        if argv and argv[0] == "tcc":
            argv[0] = os.path.abspath(tcc)
        try:
            p = subprocess.run(argv, cwd=folder, env=env, capture_output=True, timeout=TIMEOUT_SECONDS)
            out += p.stdout.decode("utf-8", "replace")
            err += p.stderr.decode("utf-8", "replace")
            code = p.returncode
        except subprocess.TimeoutExpired:
            err += "golden_test: command timed out after %ds: %s\n" % (TIMEOUT_SECONDS, cmd)
            code = -1
        if code != 0:
            break
    # The standard library's path depends on where tcc was built: `<stdlib>`.
    # tcc pads a user stack's locations to the longest, so realign the
    # frames after the replacement: the golden must not depend on the path.
    stdlib = os.path.join(os.path.dirname(os.path.abspath(tcc)), "stdlib")
    out, err = out.replace(stdlib, "<stdlib>"), err.replace(stdlib, "<stdlib>")
    return realign_stacks(normalize(out)), realign_stacks(normalize(err)), code


STACK_FRAME_RE = re.compile(r"^(    )(\S+:\d+:\d+) +(in .*)$")


def realign_stacks(lines):
    out, i = list(lines), 0
    while i < len(out):
        j = i
        while j < len(out) and STACK_FRAME_RE.match(out[j]):
            j += 1
        if j > i:
            frames = [STACK_FRAME_RE.match(l).groups() for l in out[i:j]]
            w = max(len(f[1]) for f in frames)
            out[i:j] = [f[0] + f[1] + " " * (w - len(f[1]) + 2) + f[2] for f in frames]
        i = max(j, i + 1)
    return out


def rewrite(path, text, out, err, code):
    # Keep each program line byte for byte (CRLF files stay CRLF).
    lines = text.splitlines(keepends=True)
    body = [l for l in lines if not CHECK_RE.match(l.rstrip("\r\n"))]
    while body and body[-1].strip() == "":
        body.pop()
    if body and not body[-1].endswith(("\n", "\r")):
        body[-1] += "\n"
    # RUN-EXIT: keep it in the header, directly after the last RUN line.
    body = [l for l in body if not EXIT_RE.match(l.rstrip("\r\n"))]
    if code != 0:
        last_run = max(i for i, l in enumerate(body) if RUN_RE.match(l.rstrip("\r\n")))
        body.insert(last_run + 1, "# RUN-EXIT: %d\n" % code)
    block = ["# CHECK-STDOUT: " + l if l else "# CHECK-STDOUT:" for l in out]
    block += ["# CHECK-STDERR: " + l if l else "# CHECK-STDERR:" for l in err]
    new = "".join(body)
    if block:
        new += "\n" + "\n".join(block) + "\n"
    with open(path, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
        f.write(new)
    return new


def check_file(path, tcc, update):
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        text = f.read()
    runs, want_code, want_out, want_err = parse_test(text)
    if not runs:
        print("FAIL %s: no `# RUN:` line" % path)
        return False
    rewritten = False
    for _ in range(3):  # an inserted RUN-EXIT line shifts line numbers: iterate to a fixed point
        out, err, code = run_commands(runs, path, tcc)
        if (out, err, code) == (want_out, want_err, want_code):
            if update:
                print("%s %s" % ("updated" if rewritten else "ok     ", path))
            return True
        if not update:
            break
        text = rewrite(path, text, out, err, code)
        rewritten = True
        runs, want_code, want_out, want_err = parse_test(text)
    if update:
        print("unstable %s: the output changes on every update" % path)
        return False
    print("FAIL %s" % path)
    if code != want_code:
        print("  exit code: expected %d, got %d" % (want_code, code))
    for stream, want, got in (("stdout", want_out, out), ("stderr", want_err, err)):
        if want != got:
            diff = difflib.unified_diff(want, got, "expected " + stream, "actual " + stream, lineterm="")
            print("\n".join("  " + l for l in diff))
    script = os.path.relpath(os.path.abspath(__file__))
    print("  to accept the new output run:\n    python3 %s --tcc %s --update %s"
          % (script, os.path.relpath(os.path.abspath(tcc)), os.path.relpath(os.path.abspath(path))))
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tcc", required=True, help="the tcc binary under test")
    ap.add_argument("--update", action="store_true", help="rewrite expected output in place")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    if not os.path.isfile(args.tcc):
        print("golden_test: no tcc binary at %s" % args.tcc)
        return 2
    ok = True
    for path in args.files:
        ok = check_file(path, args.tcc, args.update) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
