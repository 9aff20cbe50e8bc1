# In-place `op=` on tensors, compiled and eager: a fresh tensor is updated
# inside the kernel with every alias redirected; a tensor from outside (an
# argument, an attribute) is updated by the interpreter in place, so the
# caller sees it; dtype is kept (casts back), loops accumulate.
# e2e-kernels: 5
def bump(t):
    t += 1
    return t * 2

def fresh(t):
    u = t * 3
    v = u
    pair = (u, t)
    u += 1
    u *= 2
    return u + v, pair[0]

def accumulate(x, n):
    acc = zeros(x.shape[0])
    for i in range(n):
        acc += x * i
        acc /= 2
    return acc

def keep_dtype(x):
    z = zeros(3, dtype=int64)
    z += 2
    z *= x.long()
    w = x.double()
    w += x
    return z, w

def inner(t):
    t -= 0.5
    return t

def outer(x):
    y = x * 1
    inner(y)
    return y + inner(x)

def collect(x):
    outs = [x * 2]
    alias = outs
    for i in range(3):
        outs += [x + i]
    return alias

class Opt:
    def __init__(self, w):
        self.w = w

def sgd(opt, g):
    opt.w -= 0.1 * g
    return opt.w.sum()

manual_seed(3)
a = randn(4)
b = bump(a)
print(a, b)
print(fresh(randn(3)))
print(accumulate(randn(5), 4))
print(keep_dtype(tensor([1.0, 2.0, 3.0])))
x = randn(3)
print(outer(x), x)
opt = Opt(ones(2))
w0 = opt.w
for k in range(3):
    s = sgd(opt, tensor([1.0, -1.0]))
print(s, w0)
print(len(collect(ones(2))), collect(ones(2))[3])
# subscript stores run in the interpreter; aliases made in compiled code see them
def store(x):
    y = x * 2
    z = y
    y[0] = 5.0
    w = z * 1
    z[1] += 10.0
    return y, w

print(store(ones(3)))
# a tensor a compiled segment only passes through stays the same object
def passthrough(x, w):
    h = w * 2
    y = x
    y += h
    return x

def pair(x, w):
    h = w * 2
    return x, h

base = ones(3)
r = pair(base, base)
r[0][0] = 7.0
print(passthrough(base, ones(3)), base, r[0] is base)
