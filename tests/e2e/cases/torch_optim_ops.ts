# A small regression model trained as PyTorch code writes it by hand: Adam
# (torch.optim.Adam's update: mul_/add_(alpha=), addcmul_(value=),
# addcdiv_(value=)), an EMA of the weights with lerp_, dropout masks from
# bernoulli_, init from torch.normal, a meshgrid of inputs, nearest
# neighbours by torch.cdist and kthvalue, quantile bins by bucketize and
# searchsorted, statistics by median/std_mean, and comparisons and logical
# ops by their method names (x.gt, x.le, torch.logical_and, x.eq). The numbers
# are PyTorch's: PyTorch runs this same text (tests/e2e/torch/same_text.py
# writes torch_optim_ops.torch.txt).
# e2e-kernels: 3
import torch

torch.manual_seed(7)
gx, gy = torch.meshgrid(torch.linspace(-1, 1, 8), torch.linspace(-1, 1, 6), indexing="ij")
X = torch.stack([gx.reshape(-1), gy.reshape(-1)], 1)
Y = (torch.sin(3 * X[:, :1]) * torch.cos(2 * X[:, 1:])).reshape(-1)

W1 = torch.normal(0.0, 0.5, size=(2, 16))
b1 = torch.zeros(16)
W2 = torch.normal(torch.zeros(16, 1), torch.full((16, 1), 0.25))
params = [W1, b1, W2]
state = [(torch.zeros_like(p), torch.zeros_like(p)) for p in params]
ema = [p.clone() for p in params]


def forward(x, W1, b1, W2, mask):
    h = torch.addmm(b1, x, W1).relu() * mask
    return (h @ W2).reshape(-1)


def grads(x, y, W1, b1, W2, mask):
    # d(mean((f - y)^2)) by hand (TensorScript has no autograd)
    pre = torch.addmm(b1, x, W1)
    h = pre.relu() * mask
    f = (h @ W2).reshape(-1)
    df = (2.0 / y.shape[0]) * (f - y)
    gW2 = h.t() @ df.unsqueeze(1)
    dh = (df.unsqueeze(1) @ W2.t()) * mask * pre.gt(0).float()
    return [x.t() @ dh, dh.sum(0), gW2], ((f - y) ** 2).mean()


def adam_update(p, g, m, v, step, lr=0.05, b1=0.9, b2=0.999, eps=1e-8):
    m.mul_(b1).add_(g, alpha=1 - b1)
    v.mul_(b2).addcmul_(g, g, value=1 - b2)
    denom = (v.sqrt() / ((1 - b2 ** step) ** 0.5)).add_(eps)
    p.addcdiv_(m, denom, value=-lr / (1 - b1 ** step))


for step in range(1, 41):
    mask = torch.empty(16).bernoulli_(0.9) / 0.9
    gs, loss = grads(X, Y, W1, b1, W2, mask)
    for p, g, (m, v) in zip(params, gs, state):
        adam_update(p, g, m, v, step)
    for e, p in zip(ema, params):
        e.lerp_(p, 0.1)
    if step % 10 == 0:
        print("step", step, "loss", round(loss.item(), 4))

ones = torch.ones(16)
pred = forward(X, ema[0], ema[1], ema[2], ones)
err = (pred - Y).abs()
print("ema mse", round(((pred - Y) ** 2).mean().item(), 4))
s, mu = torch.std_mean(err)
print("err median", round(err.median().item(), 4), "std", round(s.item(), 4), "mean", round(mu.item(), 4))

# nearest neighbours of a few query points among the training inputs
q = torch.tensor([[0.1, 0.2], [-0.7, 0.9], [0.95, -0.95]])
d = torch.cdist(q, X)
kth = d.kthvalue(2, dim=1)
print("2nd nearest", [round(v, 4) for v in kth.values.tolist()], kth.indices.tolist())
print("nearest by topk", torch.topk(d, 1, largest=False).indices.reshape(-1).tolist())

# quantile bins of the errors
edges = torch.tensor([0.05, 0.1, 0.2, 0.4])
bins = torch.bucketize(err, edges)
print("bins", [int((bins == k).sum()) for k in range(5)])
print("searchsorted", torch.searchsorted(edges, torch.tensor([0.0, 0.1, 0.3, 1.0]), right=True).tolist())

# comparisons and logical ops by name
big = err.gt(0.1)
pos = pred.ge(0)
both = torch.logical_and(big, pos)
print("big", int(big.sum()), "pos", int(pos.sum()), "both", int(both.sum()),
      "xor", int(torch.logical_xor(big, pos).sum()), "eq", int(big.eq(pos).sum()),
      "le", int(err.le(0.05).sum()), "close", int(torch.isclose(pred, Y, atol=0.1).sum()))
print("diff of sorted", [round(v, 4) for v in torch.diff(err.sort().values[:6]).tolist()])
print("frac", [round(v, 4) for v in (pred[:4] * 10).frac().tolist()])
print("draws", torch.bernoulli(torch.full((6,), 0.5)).tolist(), torch.randint_like(torch.zeros(4), 3, 9).tolist(),
      torch.randint_like(torch.zeros(3, dtype=torch.int64), 5).tolist())
print("where", [t.tolist() for t in torch.where(err.reshape(6, 8) > 0.5)])
