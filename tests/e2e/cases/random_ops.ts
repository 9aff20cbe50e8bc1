# Random draws checked against PyTorch (tests/e2e/torch/random_ops.py): rand,
# randn and their _like forms with dtype=, and nn.dropout in training mode,
# inside a compiled function and at module scope, after manual_seed. torch's
# generator is followed draw for draw, so the three runs print the same.
# e2e-kernels: 1
import nn

def sample(x):
    a = rand(2, 3)
    b = randn(4, dtype=float64)
    c = rand_like(x)
    d = randn_like(x, dtype=float64)
    e = nn.dropout(x, p=0.25, training=True)
    f = nn.dropout(x * 2.0, 0.5)
    return a, b, c, d, e, f

manual_seed(7)
for t in sample(ones(2, 8)):
    print(t)
print(rand(3, dtype=float64), randn(17)[15:])
manual_seed(7)
print(sample(ones(2, 8))[0])
