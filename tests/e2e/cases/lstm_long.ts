# An LSTM over 40 time steps under @fullgraph (more than the 16 steps below
# which loops unroll outright): the loop collects each step's h in a list
# and stacks it after the loop. The rolled-loop probe sees the list grow,
# so the loop unrolls into one graph, as torch.compile does (before, the
# probe's list append could not be undone and the build failed with 600
# errors). PyTorch: tests/e2e/torch/lstm_long.py.
# e2e-kernels: 1
import nn
import math

class LSTMCell:
    def __init__(self, input_size, hidden_size):
        k = 1.0 / math.sqrt(hidden_size)
        self.w_ih = (rand(4 * hidden_size, input_size) * 2 - 1) * k
        self.w_hh = (rand(4 * hidden_size, hidden_size) * 2 - 1) * k
        self.b_ih = (rand(4 * hidden_size) * 2 - 1) * k
        self.b_hh = (rand(4 * hidden_size) * 2 - 1) * k

    def __call__(self, x, state):
        h, c = state
        gates = nn.linear(x, self.w_ih, self.b_ih) + nn.linear(h, self.w_hh, self.b_hh)
        i, f, g, o = gates.chunk(4, dim=1)
        c = f.sigmoid() * c + i.sigmoid() * g.tanh()
        h = o.sigmoid() * c.tanh()
        return h, c

@fullgraph
def run_lstm(cell, xs, h, c):
    outs = []
    for t in range(xs.shape[0]):
        h, c = cell(xs[t], (h, c))
        outs.append(h)
    return stack(outs), h, c

# Greedy decoding that keeps every step's logits: a loop of 24 steps whose
# list of tensors grows, then `cat` after it.
@fullgraph
def decode(w, h):
    logits = []
    for step in range(24):
        h = tanh(h @ w)
        logits.append(h.unsqueeze(0))
    return cat(logits, 0).mean(0)

manual_seed(0)
cell = LSTMCell(5, 8)
xs = randn(40, 3, 5)
out, h, c = run_lstm(cell, xs, zeros(3, 8), zeros(3, 8))
print(out.shape, out[-1], c.sum())
print(decode(randn(8, 8) * 0.5, randn(2, 8)))
