# Random numbers inside compiled functions are graph ops drawn from the
# program's generator in program order: compiled and eager print the same
# numbers (torch's, after the same manual_seed), including draws nobody
# uses, draws on both sides of a graph break, float64, the _like forms and
# sizes of 16 or more (torch's vectorised Box-Muller path).
# e2e-kernels: 3
def noisy(x):
    n = randn(3)
    unused = rand(5)
    m = randn(3)
    return x + n * 0.1 + m, rand_like(x), randn_like(x, dtype=float64)

def around_break(x):
    a = x + rand(2)
    print("between", a)
    return a + randn(2)

def dropout(x, p):
    keep = rand_like(x) >= p
    return where(keep, x / (1 - p), 0.0)

manual_seed(0)
print(noisy(ones(3)))
print(around_break(zeros(2)))
print(dropout(ones(4, 5), 0.5))
print(randn(20)[17:], rand(2))
