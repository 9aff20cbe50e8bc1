# RUN: tcc run --eager %s
# Functions: first-class values, closures, defaults, keywords, recursion.
def add(a, b=10, c=100):
    return a + b + c

def apply(f, x):
    return f(x)

def make_scale(k):
    def scale(x):
        return x * k
    return scale

def make_counter():
    count = [0]
    def bump():
        count[0] = count[0] + 1
        return count[0]
    return bump

def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def nothing():
    pass

double = make_scale(2)
bump = make_counter()
bump()
bump()
print(add(1), add(1, 2), add(1, c=3), add(c=1, a=2, b=3), apply(double, 21), apply(len, [1, 2]))
print(bump(), fact(10), nothing(), double)
fs = [make_scale(3), make_scale(4)]
print(fs[0](2) + fs[1](2))
# CHECK-STDOUT: 111 103 14 6 42 2
# CHECK-STDOUT: 3 3628800 None <function make_scale.scale>
# CHECK-STDOUT: 14
