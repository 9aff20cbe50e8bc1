# RUN: tcc run --eager %s
# Classes: typed fields (dataclass-style constructor), __init__, methods,
# bound methods, attribute assignment, per-instance method override,
# inheritance, @pytree, __call__.
class Linear:
    w: Tensor
    b: Tensor
    def forward(self, x):
        return x @ self.w + self.b

class Counter:
    def __init__(self, start, step=1):
        self.n = start
        self.step = step
    def next(self):
        self.n = self.n + self.step
        return self.n

class Base:
    scale = 10
    def value(self):
        return self.scale * self.k()
    def k(self):
        return 1

class Derived(Base):
    def k(self):
        return 5

@pytree
class Pair:
    a: Tensor
    b: float = 2.0

class Doubler:
    def __call__(self, x):
        return x * 2

lin = Linear(tensor([[1.0], [2.0]]), b=tensor([0.5]))
print(lin.forward(tensor([[3.0, 4.0]])))
c = Counter(5, step=3)
f = c.next
print(c.next(), f(), c.n)
c.next = error_on_graph_break(False)(c.next)
print(c.next())
def shout():
    return "overridden"
c.next = shout
print(c.next(), Counter(0).next())
d = Derived()
d.extra = [1, 2]
print(d.value(), Base().value(), d.extra, isinstance(d, Base))
p = Pair(tensor([1.0, 2.0]))
p.b = 3.0
print(p, Pair(a=ones(1), b=0.5).b)
print(Doubler()(21))
# CHECK-STDOUT: tensor([[11.5000]])
# CHECK-STDOUT: 8 11 11
# CHECK-STDOUT: 14
# CHECK-STDOUT: overridden 1
# CHECK-STDOUT: 50 10 [1, 2] True
# CHECK-STDOUT: Pair(a=tensor([1., 2.]), b=3.0) 0.5
# CHECK-STDOUT: 42
