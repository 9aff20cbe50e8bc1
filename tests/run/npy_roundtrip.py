#!/usr/bin/env python3
"""NumPy -> tcc -> NumPy round trip through .npy files.

NumPy writes inputs (float32 matrix, int64 vector, float64 and bool arrays,
a Fortran-ordered array); a TensorScript program run with `tcc run --eager`
loads them, computes, and saves results; NumPy reads the results back and
compares them with its own computation of the same expressions. Arrays that
tcc only passes through must come back bit-identical.

Usage: npy_roundtrip.py --tcc build/tcc
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

PROGRAM = """
x = load(argv()[0] + "/x.npy")
w = load(argv()[0] + "/w.npy")
n = load(argv()[0] + "/n.npy")
d = load(argv()[0] + "/d.npy")
m = load(argv()[0] + "/m.npy")
f = load(argv()[0] + "/f.npy")
y = relu(x @ w + 1.0)
save(argv()[0] + "/y.npy", y)  # the older order, still accepted
save(y.sum(0), path=argv()[0] + "/s.npy")
save(n * 3 - 1, argv()[0] + "/n2.npy")
save(d, argv()[0] + "/d2.npy")
save(m, argv()[0] + "/m2.npy")
save(f.T, argv()[0] + "/f2.npy")
save(x.T, argv()[0] + "/xt.npy")
print(x.shape, x.dtype, n.dtype, d.dtype, m.dtype)
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    args = ap.parse_args()
    rng = np.random.default_rng(7)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        x = rng.standard_normal((5, 4)).astype(np.float32)
        w = rng.standard_normal((4, 3)).astype(np.float32)
        n = np.arange(-3, 5, dtype=np.int64)
        d = rng.standard_normal((2, 3))  # float64
        m = rng.standard_normal(6) > 0
        f = np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3))
        for name, arr in [("x", x), ("w", w), ("n", n), ("d", d), ("m", m), ("f", f)]:
            np.save(os.path.join(tmp, name + ".npy"), arr)
        prog = os.path.join(tmp, "roundtrip.ts")
        with open(prog, "w") as fh:
            fh.write(PROGRAM)
        p = subprocess.run([os.path.abspath(args.tcc), "run", "--eager", prog, tmp],
                           capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            print(f"tcc exited {p.returncode}\n{p.stderr}")
            return 1
        expect_line = "torch.Size([5, 4]) torch.float32 torch.int64 torch.float64 torch.bool"
        if p.stdout.strip() != expect_line:
            print(f"printed {p.stdout.strip()!r}, expected {expect_line!r}")
            failures += 1
        y = np.maximum(x @ w + np.float32(1.0), 0)
        checks = [
            ("y", y, False), ("s", y.sum(0), False), ("n2", n * 3 - 1, True), ("d2", d, True),
            ("m2", m, True), ("f2", f.T, True), ("xt", x.T, True),
        ]
        for name, want, exact in checks:
            got = np.load(os.path.join(tmp, name + ".npy"))
            ok = got.dtype == want.dtype and got.shape == want.shape and (
                np.array_equal(got, want) if exact else np.allclose(got, want, rtol=1e-5, atol=1e-6))
            print(f"{'ok  ' if ok else 'FAIL'} {name}.npy {got.dtype}{list(got.shape)}")
            failures += not ok
    print(f"{7 + 1 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
