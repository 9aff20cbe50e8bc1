# torch.no_grad(), inference_mode(), set_grad_enabled(b) and enable_grad() as
# decorators and context managers, as inference code uses them: they change
# nothing (TensorScript has no autograd), in compiled code too (one graph per
# function). Output against PyTorch.
# e2e-kernels: 3
import nn
with no_grad():
    x = ones(2) * 2
print(x)
@no_grad()
def f(x):
    return x + 1
@no_grad()
def g(x):
    return x * 3
@inference_mode()
def h(x):
    with no_grad():
        y = x - 1
    with set_grad_enabled(False):
        y = y * 2
    return y
print(f(x), g(x), h(x))
