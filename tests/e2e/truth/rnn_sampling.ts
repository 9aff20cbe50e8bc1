# A recurrent cell sampled greedily: each step's output picks the next
# input (argmax, one-hot), so the loop runs at module scope around a
# compiled cell.
class Cell:
    wx: Tensor
    wh: Tensor
    wo: Tensor

def cell(c, x, h):
    h = tanh(x @ c.wx + h @ c.wh)
    return h, h @ c.wo

manual_seed(1)
c = Cell(randn(5, 8) * 0.5, randn(8, 8) * 0.5, randn(8, 5))
h = zeros(1, 8)
tok = 0
out = []
for t in range(6):
    x = zeros(1, 5)
    x[0, tok] = 1.0
    h, logits = cell(c, x, h)
    tok = int(argmax(logits, 1)[0])
    out.append(tok)
print(out)
