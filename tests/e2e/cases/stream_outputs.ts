# Outputs of at least the streaming threshold (4 MiB; half the last-level
# cache when built for this machine) are written with streaming (non-temporal) stores
# (compiler/lower/stream.h): layer_norm's and the elementwise function's;
# softmax keeps plain stores (its row cache reads the output back). Odd row
# lengths start each row at a different offset from a 32-byte boundary (the
# row's peeled head), and the elementwise function reads a slice view that
# starts off any boundary.
# e2e-kernels: 3
import nn

def sm(x):
    return nn.softmax(x, 1)

def ln(x, w, b):
    return nn.layer_norm(x, w, b)

def ew(x):
    v = x[1:, 3:]
    return v * 2.0 + tanh(v)

x = sin(arange(1031 * 1029) * 0.37).reshape(1031, 1029) * 3.0
y = sm(x)
print(y[0, :6])
print(y[1030, 1023:])
print(y[517, 500:506])
print(y.sum(1)[:4])
print(y.max().item(), y.min().item())

g = ln(x, cos(arange(1029) * 0.2) + 1.0, sin(arange(1029) * 0.3))
print(g[0, :6])
print(g[1030, 1023:])
print(g[333, 777:783])
print(g.abs().mean().item())

w = cos(arange(1032 * 1033) * 0.11).reshape(1032, 1033) * 2.0
z = ew(w)
print(z.shape)
print(z[0, :6])
print(z[1030, 1024:])
print(z[700, 333:339])
print(z.abs().mean().item())
