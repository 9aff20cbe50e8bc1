# RUN: tcc run --eager %s
# RUN: tcc run %s
# A scatter position out of range is an IndexError in both modes, also when
# the scatter runs in a compiled kernel (torch raises a RuntimeError).
def f(z, idx, src):
    return scatter(z * 1.0, 1, idx, src) + 1.0

z = zeros(2, 4)
print(f(z, tensor([[3, 0, 0, 0], [0, 0, 0, 1]]), ones(2, 4)))
try:
    print(f(z, tensor([[4, 0, 0, 0], [0, 0, 0, 0]]), ones(2, 4)))
except IndexError:
    print("IndexError")

# CHECK-STDOUT: tensor([[2., 1., 1., 2.],
# CHECK-STDOUT:         [2., 2., 1., 1.]])
# CHECK-STDOUT: IndexError
# CHECK-STDOUT: tensor([[2., 1., 1., 2.],
# CHECK-STDOUT:         [2., 2., 1., 1.]])
# CHECK-STDOUT: IndexError
