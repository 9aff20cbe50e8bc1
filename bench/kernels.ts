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

# a ResNet layer-1 convolution (3x3, stride 1, padding 1) with its epilogue
def conv(x, w, b):
    return relu(nn.conv2d(x, w, b, padding=1))

args = argv()
kernel = args[0] if len(args) > 0 else "chain"
n = int(args[1]) if len(args) > 1 else 1
# Inputs: smooth deterministic data made with a few fast eager ops (random
# generation of 2^24 numbers would dominate the set-up time).
def data(n, scale):
    return sin(arange(n) * 0.37) * scale

if kernel == "chain":
    x = data(16777216, 4.0)
    for i in range(n):
        y = chain(x, 1.5, 0.5)
elif kernel == "softmax":
    x = data(4194304, 3.0).reshape(4096, 1024)
    for i in range(n):
        y = softmax(x)
elif kernel == "layer_norm":
    x = data(4194304, 3.0).reshape(4096, 1024)
    w = data(1024, 1.0) + 1.0
    b = data(1024, 0.5)
    for i in range(n):
        y = layer_norm(x, w, b)
elif kernel == "mlp":
    x = data(262144, 1.0).reshape(256, 1024)
    w1 = data(4194304, 0.03).reshape(1024, 4096)
    b1 = data(4096, 0.1)
    w2 = data(4194304, 0.03).reshape(4096, 1024)
    b2 = data(1024, 0.1)
    for i in range(n):
        y = mlp(x, w1, b1, w2, b2)
elif kernel == "sum":
    x = data(16777216, 1.0)
    for i in range(n):
        y = total(x)
elif kernel == "max":
    x = data(16777216, 1.0)
    for i in range(n):
        y = largest(x)
elif kernel == "conv2d":
    x = data(1605632, 1.0).reshape(8, 64, 56, 56)
    w = data(36864, 0.05).reshape(64, 64, 3, 3)
    b = data(64, 0.1)
    for i in range(n):
        y = conv(x, w, b)
print(kernel, n)
