# More of torch.nn as model code uses it: the RNN cells (GRUCell, LSTMCell,
# RNNCell) stepping a sampler loop, activations (SELU, PReLU, Hardswish, ...),
# pads, adaptive max pools, instance norm (with running statistics),
# channel dropout and twelve more losses, with torch's initialisation and
# draws. The numbers are PyTorch's (tests/e2e/torch/same_text.py).
# e2e-kernels: 20
import torch
import torch.nn as nn
import torch.nn.functional as F


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


torch.manual_seed(0)
# a char-level GRUCell / LSTMCell / RNNCell sampler loop
gru = nn.GRUCell(5, 8)
lstm = nn.LSTMCell(5, 8)
rnn = nn.RNNCell(5, 8, nonlinearity="relu")
head = nn.Linear(8, 5)
x = torch.randn(3, 5)
h = None
hc = None
hr = torch.zeros(3, 8)
for t in range(4):
    h = gru(x, h)
    hc = lstm(x, hc)
    hr = rnn(x, hr)
    x = F.softmax(head(h + hc[0] + hr), -1)
print(r(h[0]), r(hc[1][1]), r(hr[2]), r(x))
print(r(gru(torch.randn(5))), [n for n, _ in lstm.named_parameters()], gru)

acts = [nn.ReLU6(), nn.Hardtanh(-0.5, 0.5), nn.Hardswish(), nn.Hardsigmoid(), nn.LogSigmoid(), nn.GLU(1),
        nn.Softmin(dim=1), nn.SELU(), nn.CELU(0.7), nn.Softsign(), nn.Tanhshrink(), nn.Threshold(0.1, -2.0),
        nn.Softshrink(0.3), nn.Hardshrink(0.3), nn.PReLU(), nn.PReLU(4, 0.1)]
z = torch.randn(2, 4, 3) * 3
for a in acts:
    print(type(a).__name__, r(a(z)))

img = torch.randn(2, 4, 6, 6)
seq = torch.randn(2, 4, 9)
layers = [nn.Unflatten(1, (2, 2)), nn.PixelShuffle(2), nn.ZeroPad2d(1), nn.ConstantPad2d((1, 0, 2, 1), 0.5),
          nn.ReflectionPad2d(2), nn.ReplicationPad2d((1, 1, 0, 2)), nn.AdaptiveMaxPool2d((3, 2)),
          nn.AdaptiveMaxPool2d(4), nn.InstanceNorm2d(4), nn.InstanceNorm2d(4, affine=True),
          nn.PixelUnshuffle(2), nn.Dropout2d(0.5)]
for l in layers:
    l.eval()
    y = l(img)
    print(type(l).__name__, list(y.shape), round(y.sum().item(), 4) + 0.0, round(y.abs().max().item(), 4))
for l in [nn.MaxPool1d(3, 2), nn.AvgPool1d(2), nn.AdaptiveAvgPool1d(4), nn.AdaptiveMaxPool1d(5),
          nn.ConstantPad1d(2, -1.0), nn.ReflectionPad1d(3), nn.ReplicationPad1d((0, 2)), nn.InstanceNorm1d(4)]:
    y = l(seq)
    print(type(l).__name__, list(y.shape), round(y.sum().item(), 4) + 0.0)

norm = nn.InstanceNorm2d(4, track_running_stats=True)
norm.train()
y = norm(img)
print(r(norm.running_mean), r(norm.running_var))
norm.eval()
print(round(norm(img).sum().item(), 4))

drop = nn.Dropout2d(0.4)
drop.train()
print(r(drop(torch.ones(2, 3, 1, 2))))
print(r(nn.Dropout1d(0.5)(torch.ones(2, 4, 2))))
print(r(F.dropout2d(torch.ones(3, 2, 2), 0.5)))

a, p, n = torch.randn(4, 6), torch.randn(4, 6), torch.randn(4, 6)
tgt = torch.tensor([1.0, -1.0, 1.0, -1.0])
print(r(nn.CosineSimilarity()(a, p)), r(nn.PairwiseDistance()(a, p)), r(nn.PairwiseDistance(p=1.0, keepdim=True)(a, n)))
losses = [
    nn.SmoothL1Loss(beta=0.5)(a, p), nn.HuberLoss(delta=0.7)(a, p), nn.HuberLoss(reduction="sum")(a, p),
    nn.KLDivLoss(reduction="batchmean")(F.log_softmax(a, 1), F.softmax(p, 1)),
    nn.TripletMarginLoss()(a, p, n), nn.TripletMarginLoss(margin=2.0, p=1.0, swap=True)(a, p, n),
    nn.MarginRankingLoss(0.1)(a[:, 0], p[:, 0], tgt), nn.CosineEmbeddingLoss(0.2)(a, p, tgt),
    nn.SoftMarginLoss()(a, torch.sign(p)), nn.HingeEmbeddingLoss()(a, torch.sign(p)),
    nn.MultiLabelSoftMarginLoss()(a, (p > 0).float()),
    nn.MultiLabelSoftMarginLoss(weight=torch.arange(6.0))(a, (p > 0).float()),
    nn.PoissonNLLLoss()(a, p.abs()), nn.PoissonNLLLoss(log_input=False, full=True)(a.abs(), p.abs() * 3),
    nn.GaussianNLLLoss()(a, p, n.abs()), nn.GaussianNLLLoss(full=True, reduction="sum")(a, p, n.abs()[:, 0]),
]
print([round(l.item(), 3) for l in losses])
print(r(F.huber_loss(a, p, reduction="none")[0]), r(F.triplet_margin_loss(a, p, n, reduction="none")))
print(r(torch.unflatten(torch.arange(12), 0, (3, -1))), torch.arange(24).unflatten(-1, (2, 3, 4)).shape)
