# Loops whose trip count is known only at run time (from argv()) or too long
# to unroll run rolled: the interpreter runs the loop, every iteration runs the
# body's kernels (traced once). A loop whose carried value changes shape runs
# in the interpreter and says so; break, return and nested loops keep Python's
# meaning.
# e2e-kernels: 5
def fit(w, x, y, steps):
    for i in range(steps):
        g = x.T @ (x @ w - y)
        w = w - 0.01 * g
    return w

def scaled(x, n):
    acc = zeros(3)
    for i in range(n):
        acc = acc + x * i
    return acc

def grow(x, n):
    for i in range(n):
        x = cat([x, x * 2.0], 0)
    return x

def early(x, n):
    for i in range(n):
        x = x * 2.0
        if i > 2:
            break
    return x

def find(x, n):
    for i in range(n):
        x = x + 1.0
        if i == 3:
            return x * 10.0
    return x

def nested(x, n, m):
    for i in range(n):
        for j in range(m):
            x = x + 1.0
        x = x * 0.5
    return x

n = len(argv()) + 5
print(fit(zeros(3, 1), ones(4, 3), ones(4, 1), 5000))
print(scaled(ones(3), n))
print(grow(ones(1), n - 3))
print(early(ones(2), n))
print(find(ones(2), n))
print(nested(ones(2), n, n - 2))
