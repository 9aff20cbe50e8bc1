# The issue-5 benchmark kernels as TensorScript functions. bench/run.sh runs
# this program as `kernels.ts KERNEL N`: N calls of one kernel (N = 0 gives
# the set-up cost, which run.sh subtracts). Inputs are float32 and made
# once at module scope; every function is one compiled graph.
import nn

def chain(x, a, b):
    return relu(x * a + b) * sigmoid(x) - tanh(x) / 2

def softmax(x):
    return nn.softmax(x, 1)

def layer_norm(x, w, b):
    return nn.layer_norm(x, w, b)

def mlp(x, w1, b1, w2, b2):
    return relu(x @ w1 + b1) @ w2 + b2

def total(x):
    return sum(x)

def largest(x):
    return max(x)

args = argv()
kernel = args[0] if len(args) > 0 else "chain"
n = int(args[1]) if len(args) > 1 else 1
manual_seed(0)
if kernel == "chain":
    x = randn(16777216)
    for i in range(n):
        y = chain(x, 1.5, 0.5)
elif kernel == "softmax":
    x = randn(4096, 1024)
    for i in range(n):
        y = softmax(x)
elif kernel == "layer_norm":
    x = randn(4096, 1024)
    w = randn(1024)
    b = randn(1024)
    for i in range(n):
        y = layer_norm(x, w, b)
elif kernel == "mlp":
    x = randn(256, 1024)
    w1 = randn(1024, 4096) * 0.03
    b1 = randn(4096)
    w2 = randn(4096, 1024) * 0.03
    b2 = randn(1024)
    for i in range(n):
        y = mlp(x, w1, b1, w2, b2)
elif kernel == "sum":
    x = rand(16777216)
    for i in range(n):
        y = total(x)
elif kernel == "max":
    x = rand(16777216)
    for i in range(n):
        y = largest(x)
print(kernel, n)
