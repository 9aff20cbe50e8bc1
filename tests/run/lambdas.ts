# RUN: tcc run --eager %s
# lambda: defaults, closures (late binding, as Python), lambdas passed to
# compiled functions, lambdas made in comprehensions.
sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(4), add(1), add(1, 2), (lambda: 7)())
fs = [lambda y: y + i for i in range(3)]
print([f(10) for f in fs])
k = 3
scale = lambda t: t * k
print(scale(ones(2)))
def apply(fn, x):
    return fn(x) + 1
print(apply(lambda v: v * 2, arange(3).float()))
def make(c):
    return lambda z: z + c
print(make(5)(1))
print(sorted([3, 1, 2], reverse=True), sorted(["bb", "a", "ccc"], key=lambda s: len(s)), sorted([(1, "b"), (0, "z")], key=lambda p: p[1], reverse=True))

# CHECK-STDOUT: 16 11 3 7
# CHECK-STDOUT: [12, 12, 12]
# CHECK-STDOUT: tensor([3., 3.])
# CHECK-STDOUT: tensor([1., 3., 5.])
# CHECK-STDOUT: 6
# CHECK-STDOUT: [3, 2, 1] ['a', 'bb', 'ccc'] [(0, 'z'), (1, 'b')]
