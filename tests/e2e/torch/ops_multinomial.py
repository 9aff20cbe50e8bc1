# The PyTorch program behind tests/e2e/cases/ops_multinomial.ts (its output is ops_multinomial.torch.txt):
# the same properties of torch's draws.
import torch
from torch import multinomial, tensor, arange, sort, manual_seed
def draw(p, rows):
    a = multinomial(p, 4000, replacement=True)
    b = rows.multinomial(3)
    c = multinomial(p, num_samples=3, replacement=False)
    d = multinomial(rows, 1, True)
    return a, b, c, d
def counts(a, n: int):
    return (a.unsqueeze(1) == arange(n)).sum(0)
manual_seed(0)
p = tensor([0.1, 0.0, 0.6, 0.3])
rows = tensor([[1.0, 2.0, 0.0, 3.0, 4.0], [0.0, 0.0, 5.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0]])
a, b, c, d = draw(p, rows)
print(a.dtype, a.shape, b.dtype, b.shape, c.shape, d.shape)
freq = counts(a, 4).float() / 4000.0
print("frequencies near p:", bool(((freq - p).abs() < 0.03).all()), "zero never drawn:", int(freq[1].item() * 4000))
sb = sort(b, 1).values
print("rows distinct:", bool((sb[:, 1:] != sb[:, :-1]).all()), "in range:", bool(((b >= 0) & (b < 5)).all()))
print("zero-probability categories never drawn:", bool((b[0] != 2).all()), bool((b[1] >= 2).all()))
sc = sort(c).values
print("without replacement:", bool(sc[0] != sc[1] and sc[1] != sc[2]), bool((c != 1).all()))
print("one draw per row:", bool(((d >= 0) & (d < 5)).all()), bool((d[1] >= 2).all()))
