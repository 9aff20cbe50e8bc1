# RUN: tcc run --eager %s
# matmul (plain and batched), transposes, permute, reshape/view, flatten,
# squeeze/unsqueeze, cat/stack, expand; views share storage.
a = arange(6).reshape(2, 3).float()
b = arange(12).reshape(3, 4).float()
print(a @ b)
print(matmul(a, b).shape)
v = tensor([1.0, 2.0, 3.0])
print(a @ v, v @ v)
bat = arange(24).reshape(2, 3, 4).float()
w = arange(8).reshape(4, 2).float()
print(bat @ w)
print(a.T, transpose(bat, 0, 2).shape, bat.permute(2, 0, 1).shape)
print(a.reshape(3, 2), a.view(-1), a.flatten(), bat.flatten(1).shape)
u = a.unsqueeze(0)
print(u.shape, u.squeeze().shape, unsqueeze(v, 1).shape, squeeze(u, 0).shape)
print(cat([a, a], 0).shape, cat([a, a], dim=1))
print(stack([v, v * 2]), stack([v, v], 1).shape)
print(v.reshape(3, 1).expand(3, 2))
t = a.T
t[0, 1] = 100.0
print(a)
r = a.view(6)
r[0] = -1.0
print(a[0])
# NUMPY: a = np.arange(6).reshape(2, 3).astype(np.float32)
# NUMPY: b = np.arange(12).reshape(3, 4).astype(np.float32)
# NUMPY: out(a @ b, (a @ b).shape)
# NUMPY: v = np.array([1.0, 2.0, 3.0], np.float32)
# NUMPY: out(a @ v, v @ v)
# NUMPY: bat = np.arange(24).reshape(2, 3, 4).astype(np.float32)
# NUMPY: w = np.arange(8).reshape(4, 2).astype(np.float32)
# NUMPY: out(bat @ w)
# NUMPY: out(a.T, np.transpose(bat, (2, 1, 0)).shape, np.transpose(bat, (2, 0, 1)).shape)
# NUMPY: out(a.reshape(3, 2), a.reshape(-1), a.reshape(-1), bat.reshape(2, -1).shape)
# NUMPY: u = a[None]
# NUMPY: out(u.shape, u.squeeze().shape, v[:, None].shape, u[0].shape)
# NUMPY: out(np.concatenate([a, a], 0).shape, np.concatenate([a, a], 1))
# NUMPY: out(np.stack([v, v * 2]), np.stack([v, v], 1).shape)
# NUMPY: out(np.broadcast_to(v.reshape(3, 1), (3, 2)))
# NUMPY: a.T[0, 1] = 100.0
# NUMPY: out(a)
# NUMPY: a.reshape(6)[0] = -1.0
# NUMPY: out(a[0])

# CHECK-STDOUT: tensor([[20., 23., 26., 29.],
# CHECK-STDOUT:         [56., 68., 80., 92.]])
# CHECK-STDOUT: torch.Size([2, 4])
# CHECK-STDOUT: tensor([ 8., 26.]) tensor(14.)
# CHECK-STDOUT: tensor([[[ 28.,  34.],
# CHECK-STDOUT:          [ 76.,  98.],
# CHECK-STDOUT:          [124., 162.]],
# CHECK-STDOUT:
# CHECK-STDOUT:         [[172., 226.],
# CHECK-STDOUT:          [220., 290.],
# CHECK-STDOUT:          [268., 354.]]])
# CHECK-STDOUT: tensor([[0., 3.],
# CHECK-STDOUT:         [1., 4.],
# CHECK-STDOUT:         [2., 5.]]) torch.Size([4, 3, 2]) torch.Size([4, 2, 3])
# CHECK-STDOUT: tensor([[0., 1.],
# CHECK-STDOUT:         [2., 3.],
# CHECK-STDOUT:         [4., 5.]]) tensor([0., 1., 2., 3., 4., 5.]) tensor([0., 1., 2., 3., 4., 5.]) torch.Size([2, 12])
# CHECK-STDOUT: torch.Size([1, 2, 3]) torch.Size([2, 3]) torch.Size([3, 1]) torch.Size([2, 3])
# CHECK-STDOUT: torch.Size([4, 3]) tensor([[0., 1., 2., 0., 1., 2.],
# CHECK-STDOUT:         [3., 4., 5., 3., 4., 5.]])
# CHECK-STDOUT: tensor([[1., 2., 3.],
# CHECK-STDOUT:         [2., 4., 6.]]) torch.Size([3, 2])
# CHECK-STDOUT: tensor([[1., 1.],
# CHECK-STDOUT:         [2., 2.],
# CHECK-STDOUT:         [3., 3.]])
# CHECK-STDOUT: tensor([[  0.,   1.,   2.],
# CHECK-STDOUT:         [100.,   4.,   5.]])
# CHECK-STDOUT: tensor([-1.,  1.,  2.])
