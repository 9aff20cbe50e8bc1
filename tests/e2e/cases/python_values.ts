# Python values the tracer computes at compile time (they become graph
# shapes and constants) must equal what the interpreter computes: integer
# division and modulo signs, powers, conversions, slices with any step,
# sorted, round, shape queries.
# e2e-kernels: 2
def calc(x):
    xs = [5, 3, 8, 1]
    vals = [-7 // 2, -7 % 2, 7 % -3, 2 ** -1 * 8, (-2) ** 3 + 10, int(2.99), int(-0.5) + 2, True + True,
            3 if 2 < 3 < 4 else 0, len(xs[::-1]), xs[-1], xs[1:3][1], len(xs[::2]), len(xs[5:]),
            (1, 2, 3)[-2], max(xs) - min(xs), sum(xs) // len(xs), abs(-2.5) * 2,
            len([0] * 3), len((1,) * 2 + (3,)), 10 - 3 - 2, 2 * 3 ** 2, -2 ** 2 + 10, 7 / 2 * 2,
            (5 > 3) * 4, int(not 0) * 2, len({"a": 1, "b": 2}), len(list(range(2, 9, 3))), 1 << 3, 17 >> 2, 6 & 3, 6 | 1, 6 ^ 3,
            len(x.shape), x.shape[-1] * 2, x.ndim + 1, x.numel(), len(x), sum([len(t) for t in [[1], [2, 3]]])]
    return x + sum(vals)
print(calc(ones(3, 2)))
def f(x):
    xs = [5, 3, 8, 1, 9]
    picks = [xs[::-1], xs[::-2], xs[3:0:-1], xs[-1:-4:-1], xs[10:1:-2], xs[:-6:-1], xs[1::3], xs[-2:], xs[:100]]
    return [len(p) for p in picks], picks, zeros(len(xs[::-1]) + xs[::-1][0]) + x.sum()
print(f(ones(2)))
