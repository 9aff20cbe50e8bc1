# RUN: tcc run --eager %s
# Elementwise operators and functions, broadcasting and type promotion.
a = tensor([[1.0, -2.0, 3.5], [0.25, 4.0, -0.5]])
b = tensor([2.0, -1.0, 0.5])
print(a + b)
print(a - b)
print(a * b)
print(a / b)
print(a // b)
print(a % b)
print(a ** 2)
print(-a)
print(2 - a, 1 / b, 2 ** b)
print(abs(a), a.abs())
p = tensor([0.5, 1.0, 2.0, 3.0])
print(exp(p), log(p), sqrt(p), rsqrt(p))
print(sin(p), cos(p), tanh(p), sigmoid(p))
print(relu(a), gelu(a))
print(maximum(a, b), minimum(a, b))
print(where(a > 0, a, b), where(a > 0, a, 0.0))
print(clamp(a, -1.0, 1.0), clamp(a, min=0.0), a.clamp(max=2.0))
print(a > b, a >= 1, a == 4, a != 4, a < b, a <= b)
m = a > 0
print(m & (b > 0), m | (b > 0), ~m)
i = tensor([7, -7, 9])
j = tensor([2, 2, -4])
print(i // j, i % j, i * 3, i + 1.5)
# NUMPY: a = np.array([[1.0, -2.0, 3.5], [0.25, 4.0, -0.5]], np.float32)
# NUMPY: b = np.array([2.0, -1.0, 0.5], np.float32)
# NUMPY: out(a + b, a - b, a * b, a / b, np.floor_divide(a, b), np.mod(a, b), a ** 2, -a)
# NUMPY: out(2 - a, 1 / b, 2 ** b, np.abs(a), np.abs(a))
# NUMPY: p = np.array([0.5, 1.0, 2.0, 3.0], np.float32)
# NUMPY: out(np.exp(p), np.log(p), np.sqrt(p), 1 / np.sqrt(p))
# NUMPY: out(np.sin(p), np.cos(p), np.tanh(p), 1 / (1 + np.exp(-p)))
# NUMPY: import math
# NUMPY: gelu = np.vectorize(lambda x: 0.5 * x * (1 + math.erf(x / math.sqrt(2))))
# NUMPY: out(np.maximum(a, 0), gelu(a))
# NUMPY: out(np.maximum(a, b), np.minimum(a, b))
# NUMPY: out(np.where(a > 0, a, b), np.where(a > 0, a, 0.0))
# NUMPY: out(np.clip(a, -1, 1), np.maximum(a, 0), np.minimum(a, 2))
# NUMPY: out(a > b, a >= 1, a == 4, a != 4, a < b, a <= b)
# NUMPY: m = a > 0
# NUMPY: out(m & (b > 0), m | (b > 0), ~m)
# NUMPY: i = np.array([7, -7, 9]); j = np.array([2, 2, -4])
# NUMPY: out(i // j, i % j, i * 3, i + 1.5)

# CHECK-STDOUT: tensor([[ 3.0000, -3.0000,  4.0000],
# CHECK-STDOUT:         [ 2.2500,  3.0000,  0.0000]])
# CHECK-STDOUT: tensor([[-1.0000, -1.0000,  3.0000],
# CHECK-STDOUT:         [-1.7500,  5.0000, -1.0000]])
# CHECK-STDOUT: tensor([[ 2.0000,  2.0000,  1.7500],
# CHECK-STDOUT:         [ 0.5000, -4.0000, -0.2500]])
# CHECK-STDOUT: tensor([[ 0.5000,  2.0000,  7.0000],
# CHECK-STDOUT:         [ 0.1250, -4.0000, -1.0000]])
# CHECK-STDOUT: tensor([[ 0.,  2.,  7.],
# CHECK-STDOUT:         [ 0., -4., -1.]])
# CHECK-STDOUT: tensor([[1.0000, -0.0000, 0.0000],
# CHECK-STDOUT:         [0.2500, 0.0000, -0.0000]])
# CHECK-STDOUT: tensor([[ 1.0000,  4.0000, 12.2500],
# CHECK-STDOUT:         [ 0.0625, 16.0000,  0.2500]])
# CHECK-STDOUT: tensor([[-1.0000,  2.0000, -3.5000],
# CHECK-STDOUT:         [-0.2500, -4.0000,  0.5000]])
# CHECK-STDOUT: tensor([[ 1.0000,  4.0000, -1.5000],
# CHECK-STDOUT:         [ 1.7500, -2.0000,  2.5000]]) tensor([ 0.5000, -1.0000,  2.0000]) tensor([4.0000, 0.5000, 1.4142])
# CHECK-STDOUT: tensor([[1.0000, 2.0000, 3.5000],
# CHECK-STDOUT:         [0.2500, 4.0000, 0.5000]]) tensor([[1.0000, 2.0000, 3.5000],
# CHECK-STDOUT:         [0.2500, 4.0000, 0.5000]])
# CHECK-STDOUT: tensor([ 1.6487,  2.7183,  7.3891, 20.0855]) tensor([-0.6931,  0.0000,  0.6931,  1.0986]) tensor([0.7071, 1.0000, 1.4142, 1.7321]) tensor([1.4142, 1.0000, 0.7071, 0.5774])
# CHECK-STDOUT: tensor([0.4794, 0.8415, 0.9093, 0.1411]) tensor([ 0.8776,  0.5403, -0.4161, -0.9900]) tensor([0.4621, 0.7616, 0.9640, 0.9951]) tensor([0.6225, 0.7311, 0.8808, 0.9526])
# CHECK-STDOUT: tensor([[1.0000, 0.0000, 3.5000],
# CHECK-STDOUT:         [0.2500, 4.0000, 0.0000]]) tensor([[ 0.8413, -0.0455,  3.4992],
# CHECK-STDOUT:         [ 0.1497,  3.9999, -0.1543]])
# CHECK-STDOUT: tensor([[ 2.0000, -1.0000,  3.5000],
# CHECK-STDOUT:         [ 2.0000,  4.0000,  0.5000]]) tensor([[ 1.0000, -2.0000,  0.5000],
# CHECK-STDOUT:         [ 0.2500, -1.0000, -0.5000]])
# CHECK-STDOUT: tensor([[ 1.0000, -1.0000,  3.5000],
# CHECK-STDOUT:         [ 0.2500,  4.0000,  0.5000]]) tensor([[1.0000, 0.0000, 3.5000],
# CHECK-STDOUT:         [0.2500, 4.0000, 0.0000]])
# CHECK-STDOUT: tensor([[ 1.0000, -1.0000,  1.0000],
# CHECK-STDOUT:         [ 0.2500,  1.0000, -0.5000]]) tensor([[1.0000, 0.0000, 3.5000],
# CHECK-STDOUT:         [0.2500, 4.0000, 0.0000]]) tensor([[ 1.0000, -2.0000,  2.0000],
# CHECK-STDOUT:         [ 0.2500,  2.0000, -0.5000]])
# CHECK-STDOUT: tensor([[False, False,  True],
# CHECK-STDOUT:         [False,  True, False]]) tensor([[ True, False,  True],
# CHECK-STDOUT:         [False,  True, False]]) tensor([[False, False, False],
# CHECK-STDOUT:         [False,  True, False]]) tensor([[ True,  True,  True],
# CHECK-STDOUT:         [ True, False,  True]]) tensor([[ True,  True, False],
# CHECK-STDOUT:         [ True, False,  True]]) tensor([[ True,  True, False],
# CHECK-STDOUT:         [ True, False,  True]])
# CHECK-STDOUT: tensor([[ True, False,  True],
# CHECK-STDOUT:         [ True, False, False]]) tensor([[ True, False,  True],
# CHECK-STDOUT:         [ True,  True,  True]]) tensor([[False,  True, False],
# CHECK-STDOUT:         [False, False,  True]])
# CHECK-STDOUT: tensor([ 3, -4, -3]) tensor([ 1,  1, -3]) tensor([ 21, -21,  27]) tensor([ 8.5000, -5.5000, 10.5000])
