# A run-time error inside compiled code (integer division by zero) stops the
# program with exit 1 after the output before it, as in eager mode; the
# kernel reports the TensorScript location through ts_rt_raise.
# e2e-kernels: 1
def f(a, b):
    c = a * 2
    return c // b

print(f(tensor([4, 5]), tensor([1, 2])))
print(f(tensor([4, 5]), tensor([1, 0])))
print("not reached")
