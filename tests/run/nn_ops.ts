# RUN: tcc run --eager %s
# RUN: tcc run %s
# Issue 11's nn functions with torch.nn.functional's names and keywords, run
# compiled and eagerly; the expected values (printed once per RUN line) are
# torch 1.13's, computed by tests/run/nn_ops_torch.py
# (`/usr/bin/python3 tests/run/nn_ops_torch.py` prints them).
import nn

def acts(x):
    return [nn.silu(x), nn.softplus(x), nn.softplus(x, beta=2.0, threshold=1.0), nn.leaky_relu(x),
            nn.leaky_relu(x, negative_slope=0.2), nn.elu(x), nn.elu(x, alpha=0.5)]

def norms(x, w):
    return [nn.rms_norm(x, (3,)), nn.rms_norm(x, [3], weight=w, eps=1e-6), nn.normalize(x),
            nn.normalize(x, p=1.0, dim=0), nn.cosine_similarity(x, x * w + 1.0),
            nn.cosine_similarity(x, w, dim=-1, eps=1e-3)]

def losses(a, b):
    return [nn.mse_loss(a, b), nn.mse_loss(a, b, reduction="sum"), nn.mse_loss(a, b, reduction="none"),
            nn.l1_loss(a, b), nn.l1_loss(a, b, reduction="sum"), nn.smooth_l1_loss(a, b),
            nn.smooth_l1_loss(a, b, beta=0.5, reduction="none")]

def softmaxes(x):
    return [nn.softmax(x, dim=1), nn.log_softmax(x, 0), x.softmax(-1), x.log_softmax(dim=1, dtype=float64),
            nn.softmax(x, -1, dtype=float64)]

def drop(x, training):
    return nn.dropout(x, p=0.25, training=training)

x = tensor([[-3.0, -0.5, 0.0], [0.25, 1.5, 25.0]])
w = tensor([0.5, -1.0, 2.0])
for r in acts(x):
    print(r)
for r in norms(x, w):
    print(r)
for r in losses(x, x * w):
    print(r)
for r in softmaxes(x):
    print(r)
manual_seed(0)
print(drop(ones(4, 8), True))
print(nn.dropout(x, 0.5, training=False))

# CHECK-STDOUT: tensor([[-0.1423, -0.1888,  0.0000],
# CHECK-STDOUT:         [ 0.1405,  1.2264, 25.0000]])
# CHECK-STDOUT: tensor([[ 0.0486,  0.4741,  0.6931],
# CHECK-STDOUT:         [ 0.8259,  1.7014, 25.0000]])
# CHECK-STDOUT: tensor([[1.2378e-03, 1.5663e-01, 3.4657e-01],
# CHECK-STDOUT:         [4.8704e-01, 1.5000e+00, 2.5000e+01]])
# CHECK-STDOUT: tensor([[-3.0000e-02, -5.0000e-03,  0.0000e+00],
# CHECK-STDOUT:         [ 2.5000e-01,  1.5000e+00,  2.5000e+01]])
# CHECK-STDOUT: tensor([[-0.6000, -0.1000,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
# CHECK-STDOUT: tensor([[-0.9502, -0.3935,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
# CHECK-STDOUT: tensor([[-0.4751, -0.1967,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
# CHECK-STDOUT: tensor([[-1.7085, -0.2847,  0.0000],
# CHECK-STDOUT:         [ 0.0173,  0.1037,  1.7289]])
# CHECK-STDOUT: tensor([[-0.8542,  0.2847,  0.0000],
# CHECK-STDOUT:         [ 0.0086, -0.1037,  3.4577]])
# CHECK-STDOUT: tensor([[-0.9864, -0.1644,  0.0000],
# CHECK-STDOUT:         [ 0.0100,  0.0599,  0.9982]])
# CHECK-STDOUT: tensor([[-0.9231, -0.2500,  0.0000],
# CHECK-STDOUT:         [ 0.0769,  0.7500,  1.0000]])
# CHECK-STDOUT: tensor([0.1318, 0.9975])
# CHECK-STDOUT: tensor([-0.1435,  0.8473])
# CHECK-STDOUT: tensor(106.2109)
# CHECK-STDOUT: tensor(637.2656)
# CHECK-STDOUT: tensor([[2.2500e+00, 1.0000e+00, 0.0000e+00],
# CHECK-STDOUT:         [1.5625e-02, 9.0000e+00, 6.2500e+02]])
# CHECK-STDOUT: tensor(5.1042)
# CHECK-STDOUT: tensor(30.6250)
# CHECK-STDOUT: tensor(4.7513)
# CHECK-STDOUT: tensor([[1.2500e+00, 7.5000e-01, 0.0000e+00],
# CHECK-STDOUT:         [1.5625e-02, 2.7500e+00, 2.4750e+01]])
# CHECK-STDOUT: tensor([[3.0059e-02, 3.6619e-01, 6.0375e-01],
# CHECK-STDOUT:         [1.7832e-11, 6.2241e-11, 1.0000e+00]])
# CHECK-STDOUT: tensor([[ -3.2880,  -2.1269, -25.0000],
# CHECK-STDOUT:         [ -0.0380,  -0.1269,   0.0000]])
# CHECK-STDOUT: tensor([[3.0059e-02, 3.6619e-01, 6.0375e-01],
# CHECK-STDOUT:         [1.7832e-11, 6.2241e-11, 1.0000e+00]])
# CHECK-STDOUT: tensor([[-3.5046e+00, -1.0046e+00, -5.0460e-01],
# CHECK-STDOUT:         [-2.4750e+01, -2.3500e+01, -8.0074e-11]], dtype=torch.float64)
# CHECK-STDOUT: tensor([[3.0059e-02, 3.6619e-01, 6.0375e-01],
# CHECK-STDOUT:         [1.7832e-11, 6.2241e-11, 1.0000e+00]], dtype=torch.float64)
# CHECK-STDOUT: tensor([[0.0000, 1.3333, 1.3333, 0.0000, 1.3333, 0.0000, 1.3333, 1.3333],
# CHECK-STDOUT:         [1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333],
# CHECK-STDOUT:         [1.3333, 1.3333, 1.3333, 0.0000, 1.3333, 1.3333, 1.3333, 1.3333],
# CHECK-STDOUT:         [1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 0.0000, 1.3333]])
# CHECK-STDOUT: tensor([[-3.0000, -0.5000,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
# CHECK-STDOUT: tensor([[-0.1423, -0.1888,  0.0000],
# CHECK-STDOUT:         [ 0.1405,  1.2264, 25.0000]])
# CHECK-STDOUT: tensor([[ 0.0486,  0.4741,  0.6931],
# CHECK-STDOUT:         [ 0.8259,  1.7014, 25.0000]])
# CHECK-STDOUT: tensor([[1.2378e-03, 1.5663e-01, 3.4657e-01],
# CHECK-STDOUT:         [4.8704e-01, 1.5000e+00, 2.5000e+01]])
# CHECK-STDOUT: tensor([[-3.0000e-02, -5.0000e-03,  0.0000e+00],
# CHECK-STDOUT:         [ 2.5000e-01,  1.5000e+00,  2.5000e+01]])
# CHECK-STDOUT: tensor([[-0.6000, -0.1000,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
# CHECK-STDOUT: tensor([[-0.9502, -0.3935,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
# CHECK-STDOUT: tensor([[-0.4751, -0.1967,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
# CHECK-STDOUT: tensor([[-1.7085, -0.2847,  0.0000],
# CHECK-STDOUT:         [ 0.0173,  0.1037,  1.7289]])
# CHECK-STDOUT: tensor([[-0.8542,  0.2847,  0.0000],
# CHECK-STDOUT:         [ 0.0086, -0.1037,  3.4577]])
# CHECK-STDOUT: tensor([[-0.9864, -0.1644,  0.0000],
# CHECK-STDOUT:         [ 0.0100,  0.0599,  0.9982]])
# CHECK-STDOUT: tensor([[-0.9231, -0.2500,  0.0000],
# CHECK-STDOUT:         [ 0.0769,  0.7500,  1.0000]])
# CHECK-STDOUT: tensor([0.1318, 0.9975])
# CHECK-STDOUT: tensor([-0.1435,  0.8473])
# CHECK-STDOUT: tensor(106.2109)
# CHECK-STDOUT: tensor(637.2656)
# CHECK-STDOUT: tensor([[2.2500e+00, 1.0000e+00, 0.0000e+00],
# CHECK-STDOUT:         [1.5625e-02, 9.0000e+00, 6.2500e+02]])
# CHECK-STDOUT: tensor(5.1042)
# CHECK-STDOUT: tensor(30.6250)
# CHECK-STDOUT: tensor(4.7513)
# CHECK-STDOUT: tensor([[1.2500e+00, 7.5000e-01, 0.0000e+00],
# CHECK-STDOUT:         [1.5625e-02, 2.7500e+00, 2.4750e+01]])
# CHECK-STDOUT: tensor([[3.0059e-02, 3.6619e-01, 6.0375e-01],
# CHECK-STDOUT:         [1.7832e-11, 6.2241e-11, 1.0000e+00]])
# CHECK-STDOUT: tensor([[ -3.2880,  -2.1269, -25.0000],
# CHECK-STDOUT:         [ -0.0380,  -0.1269,   0.0000]])
# CHECK-STDOUT: tensor([[3.0059e-02, 3.6619e-01, 6.0375e-01],
# CHECK-STDOUT:         [1.7832e-11, 6.2241e-11, 1.0000e+00]])
# CHECK-STDOUT: tensor([[-3.5046e+00, -1.0046e+00, -5.0460e-01],
# CHECK-STDOUT:         [-2.4750e+01, -2.3500e+01, -8.0074e-11]], dtype=torch.float64)
# CHECK-STDOUT: tensor([[3.0059e-02, 3.6619e-01, 6.0375e-01],
# CHECK-STDOUT:         [1.7832e-11, 6.2241e-11, 1.0000e+00]], dtype=torch.float64)
# CHECK-STDOUT: tensor([[0.0000, 1.3333, 1.3333, 0.0000, 1.3333, 0.0000, 1.3333, 1.3333],
# CHECK-STDOUT:         [1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333],
# CHECK-STDOUT:         [1.3333, 1.3333, 1.3333, 0.0000, 1.3333, 1.3333, 1.3333, 1.3333],
# CHECK-STDOUT:         [1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 1.3333, 0.0000, 1.3333]])
# CHECK-STDOUT: tensor([[-3.0000, -0.5000,  0.0000],
# CHECK-STDOUT:         [ 0.2500,  1.5000, 25.0000]])
