# RUN: tcc run --eager %s
# Indexing with ints, slices, None, ..., index tensors and boolean masks;
# index assignment; item, tolist, shape, dtype, numel, len, iteration.
x = arange(12).reshape(3, 4)
print(x[1], x[-1, 2], x[:, 0], x[1:, ::2], x[0:2, 1:3])
print(x[None].shape, x[..., None].shape, x[..., 1], x[:, None, 0].shape)
print(x[tensor([2, 0])], x[[0, 2], [1, 3]])
print(x[x % 2 == 0], x[tensor([True, False, True])])
y = zeros(3, 4)
y[0] = 1.0
y[1, 1:3] = tensor([5.0, 6.0])
y[:, 3] = -1.0
y[y == 0] = 9.0
print(y)
print(x[1, 2].item(), x[0].tolist(), x.tolist()[2][3], x.shape, x.shape[1], x.numel(), len(x))
total = 0
for row in x:
    total += row.sum().item()
print(total, x.size(), x.size(1), x.dim(), x.ndim)
# NUMPY: x = np.arange(12).reshape(3, 4)
# NUMPY: out(x[1], x[-1, 2], x[:, 0], x[1:, ::2], x[0:2, 1:3])
# NUMPY: out(x[None].shape, x[..., None].shape, x[..., 1], x[:, None, 0].shape)
# NUMPY: out(x[[2, 0]], x[[0, 2], [1, 3]])
# NUMPY: out(x[x % 2 == 0], x[[True, False, True]])
# NUMPY: y = np.zeros((3, 4), np.float32)
# NUMPY: y[0] = 1; y[1, 1:3] = [5, 6]; y[:, 3] = -1; y[y == 0] = 9
# NUMPY: out(y)
# NUMPY: out(x[1, 2], x[0], x[2][3], x.shape, x.shape[1], 12, 3)
# NUMPY: out(x.sum(), x.shape, 4, 2, 2)

# CHECK-STDOUT: tensor([4, 5, 6, 7]) tensor(10) tensor([0, 4, 8]) tensor([[ 4,  6],
# CHECK-STDOUT:         [ 8, 10]]) tensor([[1, 2],
# CHECK-STDOUT:         [5, 6]])
# CHECK-STDOUT: torch.Size([1, 3, 4]) torch.Size([3, 4, 1]) tensor([1, 5, 9]) torch.Size([3, 1])
# CHECK-STDOUT: tensor([[ 8,  9, 10, 11],
# CHECK-STDOUT:         [ 0,  1,  2,  3]]) tensor([ 1, 11])
# CHECK-STDOUT: tensor([ 0,  2,  4,  6,  8, 10]) tensor([[ 0,  1,  2,  3],
# CHECK-STDOUT:         [ 8,  9, 10, 11]])
# CHECK-STDOUT: tensor([[ 1.,  1.,  1., -1.],
# CHECK-STDOUT:         [ 9.,  5.,  6., -1.],
# CHECK-STDOUT:         [ 9.,  9.,  9., -1.]])
# CHECK-STDOUT: 6 [0, 1, 2, 3] 11 torch.Size([3, 4]) 4 12 3
# CHECK-STDOUT: 66 torch.Size([3, 4]) 4 2 2
