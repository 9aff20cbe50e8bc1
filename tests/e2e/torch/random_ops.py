# The PyTorch program behind tests/e2e/cases/random_ops.ts (its output is random_ops.torch.txt).
import torch
import torch.nn.functional as F
torch.set_printoptions(precision=4)
def sample(x):
    a = torch.rand(2, 3)
    b = torch.randn(4, dtype=torch.float64)
    c = torch.rand_like(x)
    d = torch.randn_like(x, dtype=torch.float64)
    e = F.dropout(x, p=0.25, training=True)
    f = F.dropout(x * 2.0, 0.5)
    return a, b, c, d, e, f
torch.manual_seed(7)
for t in sample(torch.ones(2, 8)):
    print(t)
print(torch.rand(3, dtype=torch.float64), torch.randn(17)[15:])
torch.manual_seed(7)
print(sample(torch.ones(2, 8))[0])
