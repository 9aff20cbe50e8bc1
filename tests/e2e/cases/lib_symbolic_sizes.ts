# Sizes known only at run time inside one graph (issue 39, part 2): a batch
# whose length comes from data reaches the compiled function with a symbolic
# size; torch.ones(x.shape), torch.arange(T) with T = x.shape[1], a gather of
# T rows (emb[pos]), elementwise ops and a cumsum over it are one graph, as
# torch.compile's dynamic shapes trace them. PyTorch runs this same text.
# e2e-kernels: 1
import torch


def positions(x, emb):
    T = x.shape[1]
    m = torch.ones(x.shape)
    pos = torch.arange(T)
    e = emb[pos]
    y = x * m + e.sum(-1)
    return y.cumsum(1)


torch.manual_seed(0)
emb = torch.randn(16, 3)
for lengths in [torch.tensor([5, 7]), torch.tensor([2, 11, 4])]:
    T = int(lengths.max())
    x = torch.randn(len(lengths), T)
    print(positions(x, emb))
