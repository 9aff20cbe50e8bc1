# mean of an integer tensor is torch's error compiled as eagerly (the tracer
# used to type it float32 and compile it); sum of an int32 tensor is int64.
# e2e-kernels: 1
def f(x):
    y = x * 2
    print(y.sum(), y.sum().dtype, y.float().mean())
    return y.mean()

print(f(arange(4, dtype=int32)))
print("not reached")
