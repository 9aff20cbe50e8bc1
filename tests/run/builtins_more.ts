# RUN: tcc run --eager %s
# Python builtins the tracer also knows (sorted, reversed, any, all, pow) and
# tensor methods detach, t, expand_as, reshape_as, view_as, type,
# logical_not; printing a large tensor (summarised as torch does).
print(sorted([3, 1, 2]), sorted([0.5, -1.0], reverse=True), reversed([1, 2, 3]))
print(any([0, 0, 1]), all([1, True, 0]), all([]), any(tensor([0, 1])), all(tensor([True, True])))
print(pow(2, 5), pow(2.0, -1), pow(tensor([2.0, 3.0]), 2))
m = tensor([[1.0, 2.0], [3.0, 4.0]])
print(m.detach(), m.t(), tensor([1.0, 2.0]).expand_as(m), arange(4).reshape_as(m), arange(4.0).view_as(m))
print(m.type(int64), logical_not(tensor([0, 3])), tensor([True, False]).logical_not())
for f in [lambda: -(-9223372036854775807 - 1), lambda: abs(-9223372036854775807 - 1), lambda: (-9223372036854775807 - 1) // -1]:
    try:
        print(f())
    except OverflowError as e:
        print("OverflowError:", e)
print(5 % -1, (-9223372036854775807 - 1) % -1)
print(arange(2000))
print(arange(24.0).reshape(2, 3, 4))

# CHECK-STDOUT: [1, 2, 3] [0.5, -1.0] [3, 2, 1]
# CHECK-STDOUT: True False True tensor(True) tensor(True)
# CHECK-STDOUT: 32 0.5 tensor([4., 9.])
# CHECK-STDOUT: tensor([[1., 2.],
# CHECK-STDOUT:         [3., 4.]]) tensor([[1., 3.],
# CHECK-STDOUT:         [2., 4.]]) tensor([[1., 2.],
# CHECK-STDOUT:         [1., 2.]]) tensor([[0, 1],
# CHECK-STDOUT:         [2, 3]]) tensor([[0., 1.],
# CHECK-STDOUT:         [2., 3.]])
# CHECK-STDOUT: tensor([[1, 2],
# CHECK-STDOUT:         [3, 4]]) tensor([ True, False]) tensor([False,  True])
# CHECK-STDOUT: 9223372036854775808
# CHECK-STDOUT: 9223372036854775808
# CHECK-STDOUT: 9223372036854775808
# CHECK-STDOUT: 0 0
# CHECK-STDOUT: tensor([   0,    1,    2,  ..., 1997, 1998, 1999])
# CHECK-STDOUT: tensor([[[ 0.,  1.,  2.,  3.],
# CHECK-STDOUT:          [ 4.,  5.,  6.,  7.],
# CHECK-STDOUT:          [ 8.,  9., 10., 11.]],
# CHECK-STDOUT:
# CHECK-STDOUT:         [[12., 13., 14., 15.],
# CHECK-STDOUT:          [16., 17., 18., 19.],
# CHECK-STDOUT:          [20., 21., 22., 23.]]])
