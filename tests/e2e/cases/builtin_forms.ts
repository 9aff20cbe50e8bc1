# Builtins the tracer used to lack (issue 10): add/sub/mul/div as functions
# and methods, clone/contiguous as functions, x.where(cond, y) (the receiver
# is the input, as in torch), x.mT, and exp/sqrt of a Python number (a 0-d
# tensor). All compile: no graph break.
# e2e-kernels: 1
def forms(x, y):
    a = add(x, y) + x.add(y) + sub(x, 1) + x.sub(y) + mul(x, 2) + x.mul(y) + div(x, 4) + x.div(y)
    b = x.where(x > 0.5, y) + where(x > 0.5, x, y)
    m = x.reshape(2, 3).mT
    c = clone(x) + contiguous(y) + exp(2.0) + sqrt(4)
    return a, b, m, c, max(x, 0.5), min(y, 0.25)

x = tensor([0.25, 1.0, -2.0, 3.0, 0.5, 0.75])
y = tensor([1.0, -1.0, 2.0, 0.5, -0.25, 4.0])
for r in forms(x, y):
    print(r)
