# Held-back-style port (issue 11): an LSTM cell under @fullgraph (chunk,
# sigmoid/tanh, a loop over time steps), k-means (one_hot, argmin, a rolled
# loop with a matmul) and a DDPM-style sampler (cumprod, reversed range),
# with math and string formatting. Compiled, --eager and PyTorch
# (tests/e2e/torch/lstm_kmeans_ddpm.py) print the same.
# e2e-kernels: 3
import nn
import math

class LSTMCell:
    def __init__(self, input_size, hidden_size):
        self.hidden_size = hidden_size
        k = 1.0 / math.sqrt(hidden_size)
        self.w_ih = (rand(4 * hidden_size, input_size) * 2 - 1) * k
        self.w_hh = (rand(4 * hidden_size, hidden_size) * 2 - 1) * k
        self.b_ih = (rand(4 * hidden_size) * 2 - 1) * k
        self.b_hh = (rand(4 * hidden_size) * 2 - 1) * k

    def __call__(self, x, state):
        h, c = state
        gates = nn.linear(x, self.w_ih, self.b_ih) + nn.linear(h, self.w_hh, self.b_hh)
        i, f, g, o = gates.chunk(4, dim=1)
        i = torch_sigmoid(i)
        f = f.sigmoid()
        g = g.tanh()
        o = o.sigmoid()
        c = f * c + i * g
        h = o * c.tanh()
        return h, c

def torch_sigmoid(x):
    return sigmoid(x)

@fullgraph
def run_lstm(cell, xs, h, c):
    outs = []
    for t in range(xs.shape[0]):
        h, c = cell(xs[t], (h, c))
        outs.append(h)
    return stack(outs), h, c

def kmeans(x, k, iters):
    centers = x[:k].clone()
    for _ in range(iters):
        d = ((x.unsqueeze(1) - centers.unsqueeze(0)) ** 2).sum(-1)
        assign = d.argmin(dim=1)
        onehot = nn.one_hot(assign, k).float()
        counts = onehot.sum(0).clamp(min=1)
        centers = (onehot.T @ x) / counts.unsqueeze(1)
    return centers, assign

def ddpm_sample(x, betas, eps_model_w):
    alphas = 1.0 - betas
    alpha_bar = cumprod(alphas, 0)
    for t in reversed(range(betas.shape[0])):
        eps = tanh(x @ eps_model_w)
        coef = betas[t] / sqrt(1 - alpha_bar[t])
        x = (x - coef * eps) / sqrt(alphas[t])
    return x

manual_seed(0)
cell = LSTMCell(3, 4)
xs = randn(5, 2, 3)
out, h, c = run_lstm(cell, xs, zeros(2, 4), zeros(2, 4))
print(out.shape, h, c)
pts = cat([randn(10, 2) + 3, randn(10, 2) - 3])
centers, assign = kmeans(pts, 2, 5)
print(centers, assign)
print(ddpm_sample(randn(4, 3), linspace(1e-4, 0.02, 50), randn(3, 3) * 0.1))
print(f"{h.sum().item()=:.4f}", "%.3f" % c.mean().item(), "{:>8.2f}".format(out.abs().max().item()))
