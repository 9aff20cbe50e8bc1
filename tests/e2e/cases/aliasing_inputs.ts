# Two names for one tensor, then two tensors under the same names: the kernel
# reads an aliased tensor once, so the alias must be guarded (a `same` guard);
# when it no longer holds, the call runs eagerly and still gives the right sum.
# Separate calls of one cached specialisation also return distinct tensors.
# e2e-kernels: 1

def fn(x, y):
    return x * 2 + y

def init(r, c):
    return randn(r, c) * 0.1

def mix(x, a, b):
    return x @ a + x @ b

a = ones(2)
b = a
print(fn(a, b))
b = zeros(2)
print(fn(a, b))
print(fn(b, b))

manual_seed(0)
w1 = init(2, 2)
w2 = init(2, 2)
print(mix(ones(1, 2), w1, w2))
