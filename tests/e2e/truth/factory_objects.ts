# Two layers made by separate calls of one factory are two objects: a kernel
# that reads `m.a.w` and `m.b.w` must read both (issue 9: no conflated objects).
class Lin:
    w: Tensor

class Model:
    a: Lin
    b: Lin

def make_linear(n):
    return Lin(randn(n, n))

def mk():
    return Lin(zeros(2, 2))

@fullgraph
def f(m, x):
    return x @ m.a.w @ m.b.w

manual_seed(0)
m = Model(make_linear(2), make_linear(2))
print(f(m, ones(1, 2)))
z = Model(mk(), mk())
z.b.w = ones(2, 2)
print(f(z, ones(1, 2)))
