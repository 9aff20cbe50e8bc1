# round(tensor) raises the interpreter's TypeError compiled as eagerly (the
# tracer used to return the tensor unchanged and print it); the statements
# before it still run as a kernel.
# e2e-kernels: 1
def g(x):
    y = x * 2 + 1
    print(y)
    return round(y)

print(g(tensor([1.5, 2.5])))
print("not reached")
