# RUN: tcc run --eager %s
# RUN: tcc run %s
# Issue 10's divergences between compiled and eager code, run both ways: the
# expected values (printed once per RUN line) are torch 1.13's, computed by
# tests/run/semantics_torch.py (`/usr/bin/python3 tests/run/semantics_torch.py`
# prints them); where torch differs on purpose the script says so.
def floor_div(x):
    return x // 0.1, x % 0.1, -x // 0.1

def int_div(a, b):
    return a // b, a % b

def promote(x, s):
    y = x + s
    return y.dtype, y

def dtype_float(n):
    return zeros(n, dtype=float).dtype, ones(n, dtype=int).dtype, x_float(n)

def x_float(n):
    return arange(n).float().dtype, arange(n).int().dtype, arange(n).to(float).dtype

def reductions(i, b):
    return i.sum().dtype, b.sum(), i.prod(), i.max().dtype

def unary_of_number(x):
    return exp(2.0), sqrt(4), x * exp(1.0)

def max_number(x):
    return max(x, 0.5), min(x, 0.5), max(x, tensor(0.0))

def clamps(x, y):
    return clamp(x, min=0), clamp(x, max=2), clamp(x, -1.5, 2), clamp(y, tensor(0.0, dtype=float64), 1)

def py_ints(k):
    n = 2 ** 53 + 1
    return n & 1, n | 2, n ^ 3, (n << 2) & 7, 3 ** 39, -7 // 2, -7 % 2, 7.5 // -2, -0.0 % 3.0, k

print(floor_div(tensor([1.0, 2.0, -3.0])))
print(int_div(tensor([-9223372036854775807 - 1, 7, -7, 7]), tensor([-1, -2, 2, 3])))
print(promote(tensor([1.0, 2.0]), tensor(1.5, dtype=float64)))
print(promote(tensor([1, 2], dtype=int32), tensor(5)))
print(promote(tensor([True, False]), tensor(5)))
print(promote(tensor([1, 2]), tensor(2.5, dtype=float64)))
print(dtype_float(3))
print(reductions(tensor([1, 2, 3], dtype=int32), tensor([True, True, False])))
print(unary_of_number(tensor([1.0])))
print(max_number(tensor([1.0, -1.0, 0.25])))
print(clamps(tensor([-3, 0, 2, 5]), tensor([-0.5, 0.5, 2.0, float("nan")])))
print(py_ints(1))

# CHECK-STDOUT: (tensor([  9.,  19., -30.]), tensor([1.0000e-01, 1.0000e-01, 4.4703e-08]), tensor([-10., -20.,  29.]))
# CHECK-STDOUT: (tensor([-9223372036854775808,                   -4,                   -4,
# CHECK-STDOUT:                            2]), tensor([ 0, -1,  1,  1]))
# CHECK-STDOUT: (torch.float32, tensor([2.5000, 3.5000]))
# CHECK-STDOUT: (torch.int32, tensor([6, 7], dtype=torch.int32))
# CHECK-STDOUT: (torch.int64, tensor([6, 5]))
# CHECK-STDOUT: (torch.float64, tensor([3.5000, 4.5000], dtype=torch.float64))
# CHECK-STDOUT: (torch.float64, torch.int64, (torch.float32, torch.int32, torch.float64))
# CHECK-STDOUT: (torch.int64, tensor(2), tensor(6), torch.int32)
# CHECK-STDOUT: (tensor(7.3891), tensor(2.), tensor([2.7183]))
# CHECK-STDOUT: (tensor([1.0000, 0.5000, 0.5000]), tensor([ 0.5000, -1.0000,  0.2500]), tensor([1.0000, 0.0000, 0.2500]))
# CHECK-STDOUT: (tensor([0, 0, 2, 5]), tensor([-3,  0,  2,  2]), tensor([-1.5000,  0.0000,  2.0000,  2.0000]), tensor([0.0000, 0.5000, 1.0000,    nan]))
# CHECK-STDOUT: (1, 9007199254740995, 9007199254740994, 4, 4052555153018976267, -4, 1, -4.0, 0.0, 1)
# CHECK-STDOUT: (tensor([  9.,  19., -30.]), tensor([1.0000e-01, 1.0000e-01, 4.4703e-08]), tensor([-10., -20.,  29.]))
# CHECK-STDOUT: (tensor([-9223372036854775808,                   -4,                   -4,
# CHECK-STDOUT:                            2]), tensor([ 0, -1,  1,  1]))
# CHECK-STDOUT: (torch.float32, tensor([2.5000, 3.5000]))
# CHECK-STDOUT: (torch.int32, tensor([6, 7], dtype=torch.int32))
# CHECK-STDOUT: (torch.int64, tensor([6, 5]))
# CHECK-STDOUT: (torch.float64, tensor([3.5000, 4.5000], dtype=torch.float64))
# CHECK-STDOUT: (torch.float64, torch.int64, (torch.float32, torch.int32, torch.float64))
# CHECK-STDOUT: (torch.int64, tensor(2), tensor(6), torch.int32)
# CHECK-STDOUT: (tensor(7.3891), tensor(2.), tensor([2.7183]))
# CHECK-STDOUT: (tensor([1.0000, 0.5000, 0.5000]), tensor([ 0.5000, -1.0000,  0.2500]), tensor([1.0000, 0.0000, 0.2500]))
# CHECK-STDOUT: (tensor([0, 0, 2, 5]), tensor([-3,  0,  2,  2]), tensor([-1.5000,  0.0000,  2.0000,  2.0000]), tensor([0.0000, 0.5000, 1.0000,    nan]))
# CHECK-STDOUT: (1, 9007199254740995, 9007199254740994, 4, 4052555153018976267, -4, 1, -4.0, 0.0, 1)
