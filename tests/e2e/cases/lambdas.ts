# lambda values called inside compiled functions are traced through like any
# function; a lambda made inside a compiled function is a closure (that
# statement runs in the interpreter); lambdas made in a comprehension.
# e2e-kernels: 2
def apply(fn, x):
    return fn(x) + 1

def inner(x):
    f = lambda t: exp(t) - 1
    return f(x) * 2

k = 3
print(apply(lambda v: v * k, arange(3).float()), inner(ones(3)))
print([g(ones(2)) for g in [lambda y: y + i for i in range(3)]])
def reorder(x):
    dims = sorted([0, 2, 1], reverse=True)   # known at compile time: reverse is honoured
    return x.permute(dims) * 2

print(reorder(arange(24).float().reshape(2, 3, 4))[3, 2])
