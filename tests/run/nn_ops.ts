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
print(drop(x, False))
print(nn.dropout(ones(2, 3), 0.5))
