# Objects made by separate calls of one factory are separate objects, in the
# tracer as at run time: a kernel that read m.a.w for m.b.w printed wrong
# numbers. Also a factory returning its argument, a mutated first result, and
# the same object reached by two paths, and factories without randomness.
# e2e-kernels: 2

class Lin:
    w: Tensor

class Model:
    a: Lin
    b: Lin

def make_linear(n):
    return Lin(randn(n, n))

def keep(m):
    return m

@fullgraph
def f(m, x):
    return x @ m.a.w @ m.b.w

manual_seed(0)
m = Model(make_linear(2), make_linear(2))
print(f(m, ones(1, 2)))

p = make_linear(2)
p.w = ones(2, 2)
q = make_linear(2)
print(f(Model(p, q), ones(1, 2)))

shared = make_linear(2)
print(f(Model(shared, shared), ones(1, 2)))
print(f(Model(shared, keep(q)), ones(1, 2)))

def mk():
    return Lin(zeros(2, 2))

z = Model(mk(), mk())
z.b.w = ones(2, 2)
print(f(z, ones(1, 2)))
