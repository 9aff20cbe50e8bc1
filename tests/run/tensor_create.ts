# RUN: tcc run --eager %s
# Creation functions. rand after manual_seed(0) matches torch's CPU
# generator: torch.manual_seed(0); torch.rand(3) = [0.4963, 0.7682, 0.0885].
print(tensor([1, 2, 3]), tensor([[1.5, 2.0]]), tensor([True, False]), tensor(3.5))
print(tensor([1, 2], dtype=float32), tensor([1.7, -1.7], dtype=int64), tensor([[1, 2], [3, 4]]).shape)
print(zeros(2, 3), ones([2]), zeros((1, 2), dtype=int64))
print(full((2, 2), 7.0), full([3], 2), full((2,), 1.5, dtype=float64))
print(arange(5), arange(2, 8, 3), arange(0.0, 1.0, 0.25), arange(4, dtype=float32))
print(linspace(0.0, 1.0, 5), linspace(-1, 1, 3))
print(eye(3), eye(2, 3))
manual_seed(0)
print(rand(3))
r = randn(1000)
print(r.shape, abs(r.mean().item()) < 0.15, abs((((r - r.mean()) ** 2).mean().sqrt()).item() - 1.0) < 0.1)
t = tensor([[1.0, 2.0], [3.0, 4.0]])
print(zeros_like(t), ones_like(t, dtype=int64), full_like(t, 0.5), rand_like(t).shape, randn_like(t).shape)
# NUMPY: out([1, 2, 3], [[1.5, 2.0]], [True, False], 3.5)
# NUMPY: out([1, 2], [1, -1], (2, 2))
# NUMPY: out(np.zeros((2, 3)), np.ones(2), np.zeros((1, 2)))
# NUMPY: out(np.full((2, 2), 7.0), [2, 2, 2], [1.5, 1.5])
# NUMPY: out(np.arange(5), np.arange(2, 8, 3), np.arange(0, 1, 0.25), np.arange(4))
# NUMPY: out(np.linspace(0, 1, 5), np.linspace(-1, 1, 3))
# NUMPY: out(np.eye(3), np.eye(2, 3))
# NUMPY: out([0.4963, 0.7682, 0.0885])
# NUMPY: out(1000, True, True)
# NUMPY: out(np.zeros((2, 2)), np.ones((2, 2)), np.full((2, 2), 0.5), (2, 2), (2, 2))

# CHECK-STDOUT: tensor([1, 2, 3]) tensor([[1.5000, 2.0000]]) tensor([ True, False]) tensor(3.5000)
# CHECK-STDOUT: tensor([1., 2.]) tensor([ 1, -1]) torch.Size([2, 2])
# CHECK-STDOUT: tensor([[0., 0., 0.],
# CHECK-STDOUT:         [0., 0., 0.]]) tensor([1., 1.]) tensor([[0, 0]])
# CHECK-STDOUT: tensor([[7., 7.],
# CHECK-STDOUT:         [7., 7.]]) tensor([2, 2, 2]) tensor([1.5000, 1.5000], dtype=torch.float64)
# CHECK-STDOUT: tensor([0, 1, 2, 3, 4]) tensor([2, 5]) tensor([0.0000, 0.2500, 0.5000, 0.7500]) tensor([0., 1., 2., 3.])
# CHECK-STDOUT: tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000]) tensor([-1.,  0.,  1.])
# CHECK-STDOUT: tensor([[1., 0., 0.],
# CHECK-STDOUT:         [0., 1., 0.],
# CHECK-STDOUT:         [0., 0., 1.]]) tensor([[1., 0., 0.],
# CHECK-STDOUT:         [0., 1., 0.]])
# CHECK-STDOUT: tensor([0.4963, 0.7682, 0.0885])
# CHECK-STDOUT: torch.Size([1000]) True True
# CHECK-STDOUT: tensor([[0., 0.],
# CHECK-STDOUT:         [0., 0.]]) tensor([[1, 1],
# CHECK-STDOUT:         [1, 1]]) tensor([[0.5000, 0.5000],
# CHECK-STDOUT:         [0.5000, 0.5000]]) torch.Size([2, 2]) torch.Size([2, 2])
