# The PyTorch program behind tests/e2e/cases/ops_nonzero.ts (its output is ops_nonzero.torch.txt).
import torch
torch.set_printoptions(precision=4)
from torch import nonzero, tensor, zeros
def positions(x):
    y = x * 2.0 - 1.0
    nz = nonzero(y > 0.0)
    cols = (y > 0.0).nonzero(as_tuple=True)
    return nz * 10 + 1, cols[0], cols[1], (cols[0] * 3 + cols[1]).sum()
x = tensor([[0.1, 0.9, 0.7], [0.6, 0.2, 0.0]])
for t in positions(x):
    print(t)
print(nonzero(tensor([0, 3, 0, -1])), tensor([0.0, 2.0]).nonzero(as_tuple=True))
print(nonzero(zeros(2, 2)).shape)
