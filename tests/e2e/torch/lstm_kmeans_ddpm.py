# The PyTorch program behind tests/e2e/cases/lstm_kmeans_ddpm.ts (its output is lstm_kmeans_ddpm.torch.txt).
import torch, math
import torch.nn.functional as F
torch.set_printoptions(precision=4)
class LSTMCell:
    def __init__(self, input_size, hidden_size):
        self.hidden_size = hidden_size
        k = 1.0 / math.sqrt(hidden_size)
        self.w_ih = (torch.rand(4 * hidden_size, input_size) * 2 - 1) * k
        self.w_hh = (torch.rand(4 * hidden_size, hidden_size) * 2 - 1) * k
        self.b_ih = (torch.rand(4 * hidden_size) * 2 - 1) * k
        self.b_hh = (torch.rand(4 * hidden_size) * 2 - 1) * k
    def __call__(self, x, state):
        h, c = state
        gates = F.linear(x, self.w_ih, self.b_ih) + F.linear(h, self.w_hh, self.b_hh)
        i, f, g, o = gates.chunk(4, dim=1)
        i = torch.sigmoid(i); f = f.sigmoid(); g = g.tanh(); o = o.sigmoid()
        c = f * c + i * g
        h = o * c.tanh()
        return h, c
def run_lstm(cell, xs, h, c):
    outs = []
    for t in range(xs.shape[0]):
        h, c = cell(xs[t], (h, c))
        outs.append(h)
    return torch.stack(outs), h, c
def kmeans(x, k, iters):
    centers = x[:k].clone()
    for _ in range(iters):
        d = ((x.unsqueeze(1) - centers.unsqueeze(0)) ** 2).sum(-1)
        assign = d.argmin(dim=1)
        onehot = F.one_hot(assign, k).float()
        counts = onehot.sum(0).clamp(min=1)
        centers = (onehot.T @ x) / counts.unsqueeze(1)
    return centers, assign
def ddpm_sample(x, betas, w):
    alphas = 1.0 - betas
    alpha_bar = torch.cumprod(alphas, 0)
    for t in reversed(range(betas.shape[0])):
        eps = torch.tanh(x @ w)
        coef = betas[t] / torch.sqrt(1 - alpha_bar[t])
        x = (x - coef * eps) / torch.sqrt(alphas[t])
    return x
torch.manual_seed(0)
cell = LSTMCell(3, 4)
xs = torch.randn(5, 2, 3)
out, h, c = run_lstm(cell, xs, torch.zeros(2, 4), torch.zeros(2, 4))
print(out.shape, h, c)
pts = torch.cat([torch.randn(10, 2) + 3, torch.randn(10, 2) - 3])
centers, assign = kmeans(pts, 2, 5)
print(centers, assign)
print(ddpm_sample(torch.randn(4, 3), torch.linspace(1e-4, 0.02, 50), torch.randn(3, 3) * 0.1))
print(f"{h.sum().item()=:.4f}", "%.3f" % c.mean().item(), "{:>8.2f}".format(out.abs().max().item()))
