# Integer and boolean tensors, Python-style floor division and modulo, type
# promotion, where and clamp, comparisons.
# e2e-kernels: 2
def ints(a, b):
    return a // b, a % b, a * b - 3, a ** 2, -a, abs(a), a > b, (a > 0) & (b > 0), maximum(a, b)

def mixed(a, x):
    return a + x, where(x > 0, x, a * 1.0), clamp(x, -0.5, 0.5), (a * 0.5).int(), x.double() / 3

a = tensor([7, -7, 7, -7, 0, 5])
b = tensor([2, 2, -2, -2, 3, 5])
for r in ints(a, b):
    print(r)
manual_seed(3)
x = randn(6)
for r in mixed(a, x):
    print(r)
