#!/usr/bin/env python3
"""Differential test of the backend: random tensor programs (elementwise ops
with broadcasting, unary math, reductions over any dim with and without
keepdim, transposes, slices and strided slices, matmul, reshape, cat, stack,
expand, unsqueeze, softmax, argmax, integer floor division and modulo,
comparisons, loops that grow a list of tensors or index a stack by the loop
variable), on static shapes and (even seeds) on sizes known only at run
time, are built compiled and run with --eager; the outputs must agree within
run_e2e.py's tolerance and the program must compile to a kernel.
Seeds are fixed, so a failure reproduces (--keep DIR writes the programs).

Usage: check_random_programs.py --tcc build/tcc [--seeds N] [--keep DIR]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def program(seed):
    rng = random.Random(seed)
    # values: (name, shape)
    lines = []
    vals = []
    def new(expr, shape):
        name = f"t{len(vals)}"
        lines.append(f"    {name} = {expr}")
        vals.append((name, shape))
        return name, shape
    inputs = [((2, 3, 4), 'a'), ((3, 4), 'b'), ((4,), 'c'), ((2, 1, 4), 'd')]
    for shape, n in inputs: vals.append((n, shape))
    def pick(pred=lambda s: True):
        c = [v for v in vals if pred(v[1])]
        return rng.choice(c) if c else None
    def bshape(s1, s2):
        n = max(len(s1), len(s2)); out = []
        for i in range(n):
            a = s1[len(s1)-n+i] if len(s1)-n+i >= 0 else 1
            b = s2[len(s2)-n+i] if len(s2)-n+i >= 0 else 1
            if a != b and a != 1 and b != 1: return None
            out.append(max(a, b))
        return tuple(out)
    for step in range(14):
        k = rng.random() * 1.3
        if k < 0.3:
            x = pick(); 
            for _ in range(10):
                y = pick()
                s = bshape(x[1], y[1])
                if s: break
            if not s: continue
            op = rng.choice(['+', '-', '*', 'maximum', 'minimum', 'where'])
            if op in ('maximum', 'minimum'): new(f"{op}({x[0]}, {y[0]})", s)
            elif op == 'where': new(f"where({x[0]} > 0, {x[0]}, {y[0]})", s)
            else: new(f"{x[0]} {op} {y[0]}", s)
        elif k < 0.45:
            x = pick()
            f = rng.choice(['exp(-abs({}))', 'tanh({})', 'sigmoid({})', 'relu({})', '({} * 0.5 + 1.0)', 'abs({})', 'sqrt(abs({}) + 1)', 'log(abs({}) + 1)', 'gelu({})', 'clamp({}, -0.5, 0.5)'])
            new(f.format(x[0]), x[1])
        elif k < 0.65:
            x = pick(lambda s: len(s) >= 1)
            op = rng.choice(['sum', 'mean', 'max', 'min', 'amax'])
            if op == 'amax': op = 'max'
            d = rng.randrange(-len(x[1]), len(x[1])); kd = rng.random() < 0.5
            dd = d % len(x[1])
            s = list(x[1])
            if kd: s[dd] = 1
            else: s.pop(dd)
            new(f"{op}({x[0]}, {d}, keepdim={kd})" + ('.values' if op in ('max', 'min') else ''), tuple(s))
        elif k < 0.72:
            x = pick(lambda s: len(s) >= 2)
            if not x: continue
            i, j = rng.sample(range(len(x[1])), 2); s = list(x[1]); s[i], s[j] = s[j], s[i]
            new(f"transpose({x[0]}, {i}, {j})", tuple(s))
        elif k < 0.8:
            x = pick(lambda s: len(s) >= 1 and s[-1] >= 2)
            if not x: continue
            n = x[1][-1]; lo = rng.randrange(0, n - 1); hi = rng.randrange(lo + 1, n + 1)
            new(f"{x[0]}[..., {lo}:{hi}]", x[1][:-1] + (hi - lo,))
        elif k < 0.87:
            x = pick(lambda s: len(s) >= 2)
            if not x: continue
            y = pick(lambda s: len(s) >= 2 and s[-2] == x[1][-1])
            if not y: continue
            bs = bshape(x[1][:-2], y[1][:-2])
            if bs is None: continue
            new(f"{x[0]} @ {y[0]}", bs + (x[1][-2], y[1][-1]))
        elif k < 0.93:
            x = pick()
            n = 1
            for v in x[1]: n *= v
            new(f"{x[0]}.reshape(-1)", (n,))
        elif k < 0.95:
            x = pick(lambda s: len(s) >= 1)
            y = pick(lambda s: s == x[1])
            ax = rng.randrange(len(x[1])); s = list(x[1]); s[ax] *= 2
            new(f"cat([{x[0]}, {y[0]}], {ax})", tuple(s))
        else:
            x = pick(lambda s: len(s) >= 1)
            kind = rng.choice(['unsqueeze', 'softmax', 'stride', 'argmax', 'intops', 'div', 'pow', 'cmp', 'stack', 'neg_index',
                               'expand', 'grow_loop', 'index_loop'])
            if kind == 'unsqueeze':
                ax = rng.randrange(len(x[1]) + 1); s = list(x[1]); s.insert(ax, 1)
                new(f"unsqueeze({x[0]}, {ax})", tuple(s))
            elif kind == 'softmax': new(f"nn.softmax({x[0]}, -1)", x[1])
            elif kind == 'stride':
                n = x[1][0]; st = rng.choice([2, 3])
                new(f"{x[0]}[::{st}]", ((n + st - 1) // st,) + x[1][1:])
            elif kind == 'argmax':
                d = rng.randrange(len(x[1])); s = list(x[1]); s.pop(d)
                new(f"argmax({x[0]}, dim={d}).float()", tuple(s))
            elif kind == 'intops':
                new(f"((({x[0]} * 3).long() // 2) % 3 - ({x[0]} * 5).long() // -3).float()", x[1])
            elif kind == 'div': new(f"{x[0]} / (abs({x[0]}) + 0.5)", x[1])
            elif kind == 'pow': new(f"abs({x[0]}) ** 1.5 + {x[0]} ** 2", x[1])
            elif kind == 'cmp': new(f"({x[0]} > 0.1).float() * 2 - ({x[0]} <= -0.2).float()", x[1])
            elif kind == 'stack': new(f"stack([{x[0]}, {x[0]} * 2], 0)", (2,) + x[1])
            elif kind == 'neg_index':
                if x[1][0] < 2: continue
                else: new(f"{x[0]}[-1]", x[1][1:])
            elif kind == 'expand':
                s = (2,) + x[1]
                new(f"{x[0]}.unsqueeze(0).expand({', '.join(map(str, s))})", s)
            elif kind == 'grow_loop':
                # a list of tensors that grows in a loop, then stacked (unrolled,
                # short or long), with a number made from the loop variable
                k = rng.choice([3, 20, 40]); acc = f"acc{len(vals)}"
                lines.append(f"    {acc} = [{x[0]}]")
                lines.append(f"    for i in range({k}):")
                lines.append(f"        {acc}.append({acc}[-1] * 0.5 + {x[0]} * ((i + 1) / {k}))")
                new(f"stack({acc}, 0).sum(0)", x[1])
            elif kind == 'index_loop':
                # a rolled loop indexing a stack by the loop variable (a run-time
                # int), forwards and backwards, with numbers made from it
                s = f"s{len(vals)}"; acc = f"acc{len(vals)}"
                lines.append(f"    {s} = stack([{x[0]}, {x[0]} * 2, {x[0]} - 1] * 7, 0)")
                lines.append(f"    {acc} = {x[0]} * 0")
                lines.append(f"    for i in range(21):")
                lines.append(f"        {acc} = {acc} + {s}[i] * (i % 3) - {s}[-1 - i] * (0.1 * i)")
                new(f"{acc} * 1", x[1])
    outs = [v[0] for v in vals[4:]][-4:] or ['a']
    src = "import nn\ndef f(a, b, c, d):\n" + "\n".join(lines) + f"\n    return {', '.join(outs)}\n"
    src += "manual_seed(%d)\na = randn(2, 3, 4)\nb = randn(3, 4)\nc = randn(4)\nd = randn(2, 1, 4)\n" % seed
    src += "for r in f(a, b, c, d) if isinstance(f(a, b, c, d), tuple) else [f(a, b, c, d)]:\n    print(r.shape, r.reshape(-1)[:6].tolist(), sum(r).item())\n"
    return src


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tcc", required=True)
    ap.add_argument("--seeds", type=int, default=24)
    ap.add_argument("--keep", default=None)
    a = ap.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        where = a.keep or tmp
        os.makedirs(where, exist_ok=True)
        for seed in range(1, a.seeds + 1):
            path = os.path.join(where, f"random_{seed}.ts")
            src = program(seed)
            if seed % 2 == 0:  # sizes known only at run time: symbolic dimensions
                src = src.replace("a = randn(2, 3, 4)\nb = randn(3, 4)\nc = randn(4)\nd = randn(2, 1, 4)\n",
                                  "k = len(argv())\na = randn(k + 2, k + 3, k + 4)\nb = randn(k + 3, k + 4)\n"
                                  "c = randn(k + 4)\nd = randn(k + 2, 1, k + 4)\n")
            with open(path, "w") as f:
                f.write(src)
            r = subprocess.run([sys.executable, os.path.join(HERE, "run_e2e.py"), "--tcc", a.tcc,
                                "--expect-kernels", "1", "--no-run-cache", path], capture_output=True, text=True, timeout=600)
            ok = r.returncode == 0
            print(("ok   " if ok else "FAIL ") + f"seed {seed}")
            if not ok:
                print(r.stdout[-3000:] + r.stderr[-2000:])
            failures += not ok
    print(f"{a.seeds - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
