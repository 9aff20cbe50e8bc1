# List comprehensions and generator arguments, compiled and eager: unrolled
# like for loops inside compiled functions (one graph each), their names
# their own, conditions; the module-scope forms are tests/run/comprehensions.ts.
# e2e-kernels: 3
def layer_norms(xs):
    return [x - mean(x) for x in xs]

def stacked(x, n):
    return stack([x * i for i in range(n)])

def pick(ws, x):
    return sum([w @ x for w in ws if w.shape[0] == 2])

t = arange(6).float().reshape(2, 3)
print(layer_norms([t, t * 2]))
print(stacked(ones(2), 3))
print(pick([ones(2, 2), ones(3, 2), eye(2)], tensor([1.0, 2.0])))
print([r.sum() for r in t])
def scale(params, f):
    return {name: w * f for name, w in params.items()}
p = scale({"w": ones(2), "b": zeros(2)}, 3.0)
print(p["w"], p["b"], {i: i * i for i in range(4) if i != 2})
