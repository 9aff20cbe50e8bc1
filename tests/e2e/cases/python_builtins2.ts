# Python builtins and string features of issue 11, compiled and at module
# scope: map, filter, min/max with key= and default=, sorted and list.sort
# with key= and reverse=, divmod, the math module (import math, import math
# as m, from math import ...), str.format, %-formatting and f"{x=}".
# Inside compiled functions they fold at compile time (lang/semantics/pymath.h,
# the interpreter's own code), so the @fullgraph functions stay one graph.
# e2e-kernels: 3
import math
import math as m
from math import sqrt, pi, floor, cos

class Config:
    lr: float
    name: str
    sizes: list

def halve(v):
    return v / 2

# A cosine learning-rate schedule (folded: step and total are Python ints),
# then an SGD step on a tensor: one graph.
@fullgraph
def cosine_sgd(w, g, step, total):
    lr_min = 0.001
    lr_max = 0.1
    lr = lr_min + 0.5 * (lr_max - lr_min) * (1 + math.cos(math.pi * step / total))
    warm = min(1.0, (step + 1) / 4)
    return w - lr * warm * g

# Beam-search style rescoring: candidates sorted by score with key=, the
# best by max(key=), per-candidate tensors built with map/filter: one graph.
@fullgraph
def rescore(x, scores):
    cands = [(s, x * s) for s in scores]
    ranked = sorted(cands, key=lambda c: c[0], reverse=True)
    best = max(cands, key=lambda c: c[0])
    small = min(scores, key=abs)
    kept = list(filter(lambda c: c[0] > 0, ranked))
    ys = list(map(lambda c: c[1] + 1, kept))
    order = list(scores)
    order.sort(key=lambda s: -abs(s))
    q, r = divmod(len(scores) * 7, 3)
    fq, fr = divmod(-7.5, 2)
    h = math.hypot(3, 4) + m.sqrt(16) + sqrt(2.0) + floor(2.7) + math.factorial(5) + math.comb(5, 2)
    h = h + math.log(8, 2) + math.exp(0.5) + math.erf(0.3) + math.atan2(1, 2) + math.fsum([0.1] * 10)
    h = h + math.prod([2, 3]) + math.gcd(12, 18) + math.degrees(pi) + m.trunc(-2.5) + math.copysign(1, -0.0)
    total = ys[0] + best[1] * h + small + q * r + fq * fr + len(kept) + order[0]
    for y in map(halve, ys):
        total = total + y
    a, b = map(abs, [-2, 3])
    return total * a + b

# String formatting inside a compiled function: the strings are built in the
# interpreter, the tensor math stays compiled.
def report(step, loss, acc):
    line = "step %4d | loss %.4f | acc %5.1f%% | %s" % (step, loss, acc * 100, "ok")
    line2 = "{:>6} {:.3f} {:,} {name}".format(step, loss, 1234567, name="train")
    return line + " || " + line2 + f" {step=} {acc=:.2f}"

w = tensor([1.0, -2.0, 3.0])
g = tensor([0.5, 0.5, -1.0])
for step in range(3):
    w = cosine_sgd(w, g, step, 10)
print(w)
print(rescore(tensor([1.0, 2.0]), [0.5, -2.0, 1.5]))
loss = (w * w).mean()
print(report(7, loss, 0.8125))

# ---- module scope
print(math.pi, m.e, math.tau, math.inf, -math.inf, math.nan)
print(sqrt(16), math.exp(1), math.log(100, 10), math.log2(8), math.log10(1000), math.log1p(1e-10), math.expm1(1e-10))
print(math.sin(1), cos(1), math.tan(1), math.asin(0.5), math.acos(0.5), math.atan(1), math.atan2(-1, -1))
print(math.sinh(1), math.cosh(1), math.tanh(1), math.floor(-2.5), math.ceil(2.1), math.trunc(-2.7), math.fabs(-3))
print(math.pow(2, 10), math.hypot(3, 4, 12), math.isnan(math.nan), math.isinf(-math.inf), math.isfinite(1.0))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1, rel_tol=0.2), math.isclose(1, 1.5, abs_tol=0.1))
print(math.gcd(12, 18), math.gcd(), math.lcm(4, 6, 10), math.factorial(10), math.comb(10, 3), math.perm(5, 2), math.perm(4))
print(math.prod([1, 2, 3, 4]), math.prod([0.5, 4], start=3), math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.copysign(3, -0.0), math.fmod(-7, 3), math.degrees(math.pi / 2), math.radians(180), math.erf(0.5))
print(math.sqrt(tensor([4.0])), math.floor(tensor(2.5)), math.exp(tensor(0.0)))
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.acos(2), lambda: math.exp(1000),
            lambda: math.floor(math.inf), lambda: math.factorial(-1), lambda: math.factorial(2.5),
            lambda: math.sqrt("x"), lambda: math.fsum([math.inf, -math.inf]), lambda: math.log(3, 1),
            lambda: math.sqrt(tensor([1.0, 2.0])), lambda: divmod(1, 0), lambda: divmod(1.5, 0),
            lambda: divmod("a", 2), lambda: max([]), lambda: min(1, 2, default=0)]:
    try:
        bad()
    except (ValueError, TypeError, OverflowError, ZeroDivisionError) as e:
        print("error:", e)
try:
    math.exp(710)
except ArithmeticError as e:
    print("ArithmeticError catches OverflowError:", e)

print(divmod(-7, 2), divmod(7, -2), divmod(-7.5, 2), divmod(7.5, -2), divmod(0.0, -4), divmod(1.0, 0.1))
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6, 7])), list(map(str, [1, 2.5])), list(map(abs, [-1, 2])))
print(list(filter(None, [0, 1, "", "a", 2])), list(filter(lambda v: v % 2, range(7))))
p, q2 = map(int, ["3", "4"])
print(p + q2, [v * 2 for v in map(len, ["a", "bcd"])])
words = ["pear", "fig", "apple", "kiwi", "date"]
print(max(words, key=len), min(words, key=len), max(words), min([], default="none"), max(3, 9, 4, key=lambda v: -v))
print(sorted(words, key=len), sorted(words, key=len, reverse=True), sorted(words, reverse=True))
pairs = [(2, "b"), (1, "a"), (2, "a"), (1, "b")]
pairs.sort(key=lambda pr: pr[0])
print(pairs)
pairs.sort(key=lambda pr: pr[1], reverse=True)
print(pairs)
nums = [3, -1, 2, -5]
nums.sort()
print(nums, nums.sort(key=abs), nums)

x = 3.14159
name = "tcc"
n = 42
cfg = Config(0.001, "adam", [16, 32])
print(f"{x=}", f"{x = }", f"{x=:.2f}", f"{name!r}", f"{name=}", f"{n = :>5}", f"{n*2=}", f"{cfg.name=}")
print("%d %s %.2f %r %5.1f %%" % (42, "hi", 2.5, "q", 3.14159))
print("%-6s|%6s|%05d|%+d|% d|%x|%X|%o|%#x|%e|%g|%c|%.3s|%i" % ("ab", "cd", 42, 5, 7, 255, 255, 8, 255, 12345.678, 0.0001, 65, "abcdef", 9))
print("%(a)s-%(b)05.1f-%(a)r" % {"a": "k", "b": 2.25}, "%s" % "alone", "%s" % [1, 2], "%d%%" % 50, "%.0f" % 2.5, "%d" % 3.99)
print("{} {} {name}".format(1, "two", name="three"), "{0}{1}{0}".format("a", "b"), "{0.name} {0.sizes[1]} {1[0]}".format(cfg, [9]))
print("{:>8}|{:<8}|{:^8}|{:,}|{:.3f}|{:08.3f}|{:+d}|{!r}|{{}}|{:{w}.{p}f}".format("r", "l", "c", 1234567, 2.0, -3.14159, 5, "s", 1.23456, w=9, p=2))
for bad in [lambda: "%d %d" % (1,), lambda: "%d" % (1, 2), lambda: "%d" % "x", lambda: "{} {}".format(1),
            lambda: "{0} {}".format(1, 2), lambda: "{missing}".format(a=1)]:
    try:
        bad()
    except (ValueError, TypeError, IndexError, KeyError) as e:
        print("error:", e)
t = tensor([1.0, 2.5])
print("%s" % t, "%.3f" % t.sum(), "%d" % tensor(3), "{}".format(t), "{:.2f}".format(t.mean()), f"{t=}", "%r" % t)
