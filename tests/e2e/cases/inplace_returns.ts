# A function that updates a tensor in place and returns it hands back the
# tensor itself, not a copy (torch: `w.add_(1)` is `w`), compiled as in eager:
# a later update through either name shows through the other.
def bump(w):
    w.add_(1)
    return w

def init(w):
    return w.uniform_(-1.0, 1.0)

def both(a, b):
    a.mul_(2)
    b.copy_(a)
    return a, b, a + b

class Acc:
    def __init__(self):
        self.total = zeros(3)

    def add(self, x):
        self.total += x
        return self.total

manual_seed(0)
a = zeros(2)
b = bump(a)
a.add_(5)
print(b, b is a)
c = zeros(3)
d = init(c)
e = init(c)
print(d, e, d is c, e is c)
p, q = ones(2), zeros(2)
r = both(p, q)
p.add_(10)
print(r[0], r[1], r[2], r[0] is p, r[1] is q)
acc = Acc()
t = acc.add(ones(3))
acc.add(ones(3))
print(t, t is acc.total)

# `b.copy_(a)` copies: a later update of a leaves b as it was
def copy_then_bump(a, b):
    b.copy_(a)
    a.add_(1)
    return b

def copy_row_then_bump(a, b):
    b.copy_(a[0])
    a.add_(1)
    return b, a[0]

x, y = zeros(2), ones(2)
print(copy_then_bump(x, y), x, y)
x, y = zeros(2, 2), ones(2)
print(copy_row_then_bump(x, y), x, y)

# `x[mask] = v` with a mask of x's shape is x.masked_fill_(mask, v) in the
# graph; through a view (`r = x[0]; r[r > 0] = 0`) it runs in the interpreter
def clip_low(x, t):
    x[x < t] = -1.0
    y = x * 2
    x[x > 1.5] = float("-inf")
    return y, x

def zero_row(x):
    r = x[0]
    r[r > 0] = 0.0
    return x

a = tensor([0.5, 1.0, 2.0, 3.0])
b = a
print(clip_low(a, 1.0), b)
print(zero_row(tensor([[1.0, -1.0], [2.0, 3.0]])))
