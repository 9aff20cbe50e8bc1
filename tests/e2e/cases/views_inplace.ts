# Views the trace holds see an in-place update of their base, as in torch:
# they are derived again from the new value (row, col of an argument; a
# slice of an intermediate), and a view of an argument returned from compiled
# code is a view of that very tensor (plan output kind `view`).
# e2e-kernels: 2
def f(x):
    row = x[0]
    col = x.T[1]
    x += 1.0
    return row * 2.0, col

def g(x):
    h = x * 1.0
    v = h[1:]
    h *= 3.0
    return v + 0.0, h

print(f(ones(2, 2)))
print(g(ones(3)))
