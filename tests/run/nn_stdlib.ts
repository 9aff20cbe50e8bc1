# RUN: tcc run --eager %s
# The nn standard library module against NumPy implementations.
import nn
from nn import softmax, layer_norm
x = tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 4.0]])
w = tensor([[0.5, -1.0, 2.0], [1.0, 1.0, 1.0]])
b = tensor([0.1, -0.2])
print(nn.linear(x, w, b), nn.linear(x, w))
print(softmax(x), nn.softmax(x, 0))
print(nn.log_softmax(x, -1))
print(layer_norm(x), nn.layer_norm(x, tensor([1.0, 2.0, 0.5]), tensor([0.0, 1.0, -1.0]), 1e-5))
print(nn.gelu(x), nn.gelu(x, approximate="tanh"))
w2 = tensor([[1.0, -1.0], [0.5, 2.0]])
print(nn.mlp(x, w, b, w2, tensor([0.0, 1.0])))
print(nn.mlp(x, w, b, w2, tensor([0.0, 1.0]), activation="gelu"))
q = tensor([[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]])
k = tensor([[[1.0, 2.0], [0.5, -1.0], [0.0, 1.0]]])
v = tensor([[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]]])
print(nn.attention(q, k, v))
print(nn.attention(q, k, v, causal=True))
print(nn.mse_loss(x, x * 2))
# NUMPY: import math
# NUMPY: x = np.array([[1.0, 2.0, 3.0], [-1.0, 0.0, 4.0]], np.float64)
# NUMPY: w = np.array([[0.5, -1.0, 2.0], [1.0, 1.0, 1.0]]); b = np.array([0.1, -0.2])
# NUMPY: out(x @ w.T + b, x @ w.T)
# NUMPY: def softmax(z, axis=-1):
# NUMPY:     e = np.exp(z - z.max(axis, keepdims=True)); return e / e.sum(axis, keepdims=True)
# NUMPY: out(softmax(x), softmax(x, 0))
# NUMPY: out(np.log(softmax(x)))
# NUMPY: def ln(z, g=1.0, c=0.0, eps=1e-5):
# NUMPY:     mu = z.mean(-1, keepdims=True); var = ((z - mu) ** 2).mean(-1, keepdims=True)
# NUMPY:     return (z - mu) / np.sqrt(var + eps) * g + c
# NUMPY: out(ln(x), ln(x, np.array([1.0, 2.0, 0.5]), np.array([0.0, 1.0, -1.0])))
# NUMPY: gelu = np.vectorize(lambda t: 0.5 * t * (1 + math.erf(t / math.sqrt(2))))
# NUMPY: gelu_tanh = lambda t: 0.5 * t * (1 + np.tanh(math.sqrt(2 / math.pi) * (t + 0.044715 * t ** 3)))
# NUMPY: out(gelu(x), gelu_tanh(x))
# NUMPY: w2 = np.array([[1.0, -1.0], [0.5, 2.0]]); b2 = np.array([0.0, 1.0])
# NUMPY: out(np.maximum(x @ w.T + b, 0) @ w2.T + b2)
# NUMPY: out(gelu(x @ w.T + b) @ w2.T + b2)
# NUMPY: q = np.array([[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]]); k = np.array([[[1.0, 2.0], [0.5, -1.0], [0.0, 1.0]]])
# NUMPY: v = np.array([[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]]])
# NUMPY: s = q @ k.transpose(0, 2, 1) / math.sqrt(2)
# NUMPY: out(softmax(s) @ v)
# NUMPY: s = np.where(np.tril(np.ones((3, 3), bool)), s, -np.inf)
# NUMPY: out(softmax(s) @ v)
# NUMPY: out(((x - 2 * x) ** 2).mean())

# CHECK-STDOUT: tensor([[4.6000, 5.8000],
# CHECK-STDOUT:         [7.6000, 2.8000]]) tensor([[4.5000, 6.0000],
# CHECK-STDOUT:         [7.5000, 3.0000]])
# CHECK-STDOUT: tensor([[0.0900, 0.2447, 0.6652],
# CHECK-STDOUT:         [0.0066, 0.0179, 0.9756]]) tensor([[0.8808, 0.8808, 0.2689],
# CHECK-STDOUT:         [0.1192, 0.1192, 0.7311]])
# CHECK-STDOUT: tensor([[-2.4076, -1.4076, -0.4076],
# CHECK-STDOUT:         [-5.0247, -4.0247, -0.0247]])
# CHECK-STDOUT: tensor([[-1.2247,  0.0000,  1.2247],
# CHECK-STDOUT:         [-0.9258, -0.4629,  1.3887]]) tensor([[-1.2247,  1.0000, -0.3876],
# CHECK-STDOUT:         [-0.9258,  0.0742, -0.3056]])
# CHECK-STDOUT: tensor([[ 0.8413,  1.9545,  2.9960],
# CHECK-STDOUT:         [-0.1587,  0.0000,  3.9999]]) tensor([[ 0.8412,  1.9546,  2.9964],
# CHECK-STDOUT:         [-0.1588,  0.0000,  3.9999]])
# CHECK-STDOUT: tensor([[-1.2000, 14.9000],
# CHECK-STDOUT:         [ 4.8000, 10.4000]])
# CHECK-STDOUT: tensor([[-1.2000, 14.9000],
# CHECK-STDOUT:         [ 4.8072, 10.3857]])
# CHECK-STDOUT: tensor([[[ 1.7691, 17.6908],
# CHECK-STDOUT:          [ 1.6857, 16.8571],
# CHECK-STDOUT:          [ 1.4298, 14.2975]]])
# CHECK-STDOUT: tensor([[[ 1.0000, 10.0000],
# CHECK-STDOUT:          [ 1.1070, 11.0704],
# CHECK-STDOUT:          [ 1.4298, 14.2975]]])
# CHECK-STDOUT: tensor(5.1667)
