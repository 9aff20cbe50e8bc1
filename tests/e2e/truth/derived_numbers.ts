# Numbers computed from a rolled loop's variable inside a tensor expression
# (`x * (1.0 - i / steps)`, `xs[-1 - i]`, `(i // 2) % 3`): the graph computes
# them from the loop variable (float64 for floats, as Python's doubles;
# int64 for ints), so the loop rolls and its body compiles. Before, such a
# number had no access path: the loop unrolled, or (run-time trip count) the
# statement ran in the interpreter. min() / max() of numbers of one kind are
# computed too, as Python's `b if b < a else a` (so NaN and ties agree); a
# warmup schedule `min(1.0, (step + 1) / 10)` rolls. Not computed in the graph
# (explained breaks): a division by a number known only at run time (Python
# raises ZeroDivisionError where a graph would make inf) and min() of an int
# and a float (which kind wins is known only at run time).

def sched(x, steps):
    for i in range(steps):
        x = x * (1.0 - i / steps) + 0.5 * (i / steps)
    return x

def parity(x, n):
    for i in range(n):
        x = x + ((i // 2) % 3) * 0.25 - (i % 2)
    return x

def mirrored(xs, n):
    acc = zeros(xs.shape[1])
    for i in range(n):
        acc = acc + xs[i] * (i + 1) - xs[-1 - i] * 0.5
    return acc

def negated(xs, n):
    acc = zeros(xs.shape[1])
    for i in range(n):
        acc = acc + xs[-i - 1] * -i
    return acc

def per_step(w, g, steps, lr):
    for step in range(steps):
        w = w - lr * min(1.0, (step + 1) / 10) * g
    return w

def clipped(xs, n):
    out = zeros(3)
    for i in range(n):
        out = out + xs[min(i, 3)] * max(i - 30, 2)
    return out

k = len(argv())
print(sched(ones(3), 30))
print(parity(zeros(2), 25 + k))
print(mirrored(arange(24).float().reshape(6, 4), 6 + k))
print(negated(arange(12).float().reshape(4, 3), 3 + k))
print(per_step(ones(2), ones(2), 30 + k, 0.1))
print(clipped(arange(12.0).reshape(4, 3), 40 + k))
