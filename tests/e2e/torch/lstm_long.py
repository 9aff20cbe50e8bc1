# The PyTorch program behind tests/e2e/cases/lstm_long.ts (its output is lstm_long.torch.txt).
import torch, math
import torch.nn.functional as F
torch.set_printoptions(precision=4)
class LSTMCell:
    def __init__(self, input_size, hidden_size):
        k = 1.0 / math.sqrt(hidden_size)
        self.w_ih = (torch.rand(4 * hidden_size, input_size) * 2 - 1) * k
        self.w_hh = (torch.rand(4 * hidden_size, hidden_size) * 2 - 1) * k
        self.b_ih = (torch.rand(4 * hidden_size) * 2 - 1) * k
        self.b_hh = (torch.rand(4 * hidden_size) * 2 - 1) * k
    def __call__(self, x, state):
        h, c = state
        gates = F.linear(x, self.w_ih, self.b_ih) + F.linear(h, self.w_hh, self.b_hh)
        i, f, g, o = gates.chunk(4, dim=1)
        c = f.sigmoid() * c + i.sigmoid() * g.tanh()
        h = o.sigmoid() * c.tanh()
        return h, c
def run_lstm(cell, xs, h, c):
    outs = []
    for t in range(xs.shape[0]):
        h, c = cell(xs[t], (h, c))
        outs.append(h)
    return torch.stack(outs), h, c
def decode(w, h):
    logits = []
    for step in range(24):
        h = torch.tanh(h @ w)
        logits.append(h.unsqueeze(0))
    return torch.cat(logits, 0).mean(0)
torch.manual_seed(0)
cell = LSTMCell(5, 8)
xs = torch.randn(40, 3, 5)
out, h, c = run_lstm(cell, xs, torch.zeros(3, 8), torch.zeros(3, 8))
print(out.shape, out[-1], c.sum())
print(decode(torch.randn(8, 8) * 0.5, torch.randn(2, 8)))
