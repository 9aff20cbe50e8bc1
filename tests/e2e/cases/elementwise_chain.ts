# The benchmark's elementwise chain, plus unary math, on a static shape.
# e2e-kernels: 2
def chain(x, a, b):
    return relu(x * a + b) * sigmoid(x) - tanh(x) / 2

def unary(x):
    return exp(x) + log(abs(x) + 1) + sqrt(abs(x)) - rsqrt(abs(x) + 1) + sin(x) * cos(x) + gelu(x) - (-x) ** 2

manual_seed(0)
x = randn(1000) * 4
y = chain(x, 1.5, -0.25)
print(y[:6])
print(sum(y), max(y), min(y))
print(y[:16].tolist())
z = unary(x)
print(z[:6])
print(mean(z))
print(z[:16].tolist())
