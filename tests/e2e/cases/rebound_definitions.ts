# Compiled code assumes which function or class it was traced through: a
# function called with an instance of another class, or a global function
# rebound between calls, must not run the first call's kernel (it printed
# 2.0 for B's `f` before the plan guarded definitions). Compiled, --eager
# and Python print the same.
# e2e-kernels: 2
class A:
    def f(self, x):
        return x + 1.0

class B:
    def f(self, x):
        return x + 100.0

def run(m, x):
    return m.f(x) * 2.0

print(run(A(), ones(2)))
print(run(B(), ones(2)))
model = A()
print(run(model, ones(2)))
model = B()
print(run(model, ones(2)))

def helper(x):
    return x * 2.0

def use(x):
    return helper(x) + 1.0

print(use(ones(2)))

def helper(x):
    return x * 10.0

print(use(ones(2)))

class Holder:
    def __init__(self, fn):
        self.fn = fn

def apply(h, x):
    return h.fn(x) - 1.0

def double(x):
    return x * 2.0

def triple(x):
    return x * 3.0

print(apply(Holder(double), ones(2)))
print(apply(Holder(triple), ones(2)))
