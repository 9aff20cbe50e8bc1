# RUN: tcc run --eager %s
# max/min with a dim, sort and topk give torch's named tuples: unpack them,
# index them or read .values / .indices; print shows torch's form.
x = tensor([[1.0, 5.0, -2.0], [4.0, 0.5, 3.0]])
print(x.min(dim=1))
print(max(x, 0, keepdim=True))
v, i = x.sort(1, descending=True)
print(v, i, x.topk(2).indices, x.topk(1, dim=0, largest=False)[0])
print(len(x.max(1)), x.max(1)[0], x.argsort(0))

# CHECK-STDOUT: torch.return_types.min(
# CHECK-STDOUT: values=tensor([-2.0000,  0.5000]),
# CHECK-STDOUT: indices=tensor([2, 1]))
# CHECK-STDOUT: torch.return_types.max(
# CHECK-STDOUT: values=tensor([[4., 5., 3.]]),
# CHECK-STDOUT: indices=tensor([[1, 0, 1]]))
# CHECK-STDOUT: tensor([[ 5.0000,  1.0000, -2.0000],
# CHECK-STDOUT:         [ 4.0000,  3.0000,  0.5000]]) tensor([[1, 0, 2],
# CHECK-STDOUT:         [0, 2, 1]]) tensor([[1, 0],
# CHECK-STDOUT:         [0, 2]]) tensor([[ 1.0000,  0.5000, -2.0000]])
# CHECK-STDOUT: 2 tensor([5., 4.]) tensor([[0, 1, 0],
# CHECK-STDOUT:         [1, 0, 1]])
