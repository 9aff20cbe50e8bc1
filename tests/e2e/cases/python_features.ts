# The Python features real model code uses, inside @fullgraph functions:
# *args/**kwargs/keyword-only parameters, f(*xs), starred unpacking,
# try/except/else/finally resolved at compile time (the raise depends on
# shapes only), user exception classes, for/while-else, del, nonlocal reads.
# Each function is one graph; compiled output must equal --eager.
# e2e-kernels: 4
class ShapeMismatch(ValueError):
    def __init__(self, what, got):
        super().__init__(what + " has " + str(got) + " rows")
        self.got = got

def check_rows(x, n):
    if x.shape[0] != n:
        raise ShapeMismatch("x", x.shape[0])
    return x

def combine(first, *rest, scale=1.0, **extra):
    out = first
    for r in rest:
        out = out + r
    for k in extra:
        out = out + extra[k]
    return out * scale

@fullgraph
def mix(x, y):
    a, *others = [x, y, x * y]
    parts = [*others, a]
    total = combine(*parts, scale=0.5, bias=1.0, shift=y)
    try:
        check_rows(x, 99)
        z = x
    except ShapeMismatch as e:
        z = x * 3 + e.got
    else:
        z = x * 100
    finally:
        z = z - 1
    return z, total

@fullgraph
def guarded(x, n):
    try:
        y = check_rows(x, n) * 2
    except (KeyError, ShapeMismatch):
        y = x * 0
    for i in range(3):
        if i == n:
            break
    else:
        y = y + 10
    k = 0
    while k < 2:
        k += 1
    else:
        y = y + k
    d = {"a": y, "b": y * 2}
    del d["a"]
    return d["b"]

def scaled(*, factor):
    def inner(t):
        return t * factor
    return inner

@fullgraph
def closure_call(x):
    f = scaled(factor=3.0)
    return f(x)

x = arange(6).float().reshape(2, 3)
y = ones(2, 3) * 0.5
z, total = mix(x, y)
print(z)
print(total)
print(guarded(x, 2), guarded(x, 5))
print(closure_call(x))
try:
    check_rows(x, 4)
except ValueError as err:
    print("caught:", err, err.got)
