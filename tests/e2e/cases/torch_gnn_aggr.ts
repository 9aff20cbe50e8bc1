# Message passing with every aggregation PyG offers, written as PyG writes
# it: torch_geometric.utils.scatter (sum by scatter_add_, mean as a sum over
# clamped counts, min/max/mul by scatter_reduce_ with include_self=False on
# a fresh buffer, the index broadcast by view + expand_as), a SAGEConv with
# mean aggregation, a GraphConv with max, an EdgeConv-style layer (max over
# per-edge MLP messages), global mean/max pooling over a `batch` vector, and
# the same pooling again through Tensor.index_reduce. The numbers are
# PyTorch's (tests/e2e/torch/same_text.py writes the .torch.txt).
# e2e-kernels: 10
import torch
import torch.nn as nn
import torch.nn.functional as F


def broadcast(src, ref, dim: int):
    size = [1] * ref.dim()
    size[dim] = -1
    return src.view(size).expand_as(ref)


def scatter(src, index, dim: int = 0, dim_size=None, reduce: str = "sum"):
    dim = src.dim() + dim if dim < 0 else dim
    if dim_size is None:
        dim_size = int(index.max()) + 1 if index.numel() > 0 else 0
    size = list(src.size())
    size[dim] = dim_size
    if reduce == "sum" or reduce == "add":
        index = broadcast(index, src, dim)
        return src.new_zeros(size).scatter_add_(dim, index, src)
    if reduce == "mean":
        count = src.new_zeros(dim_size)
        count.scatter_add_(0, index, src.new_ones(src.size(dim)))
        count = count.clamp(min=1)
        index = broadcast(index, src, dim)
        out = src.new_zeros(size).scatter_add_(dim, index, src)
        return out / broadcast(count, out, dim)
    if reduce == "min" or reduce == "max":
        index = broadcast(index, src, dim)
        return src.new_zeros(size).scatter_reduce_(dim, index, src, reduce=f"a{reduce}", include_self=False)
    if reduce == "mul":
        index = broadcast(index, src, dim)
        return src.new_ones(size).scatter_reduce_(dim, index, src, reduce="prod", include_self=False)
    raise ValueError(f"Encountered invalid `reduce` argument '{reduce}'")


class SAGEConv(nn.Module):
    def __init__(self, cin, cout, aggr="mean"):
        super().__init__()
        self.aggr = aggr
        self.lin_l = nn.Linear(cin, cout)
        self.lin_r = nn.Linear(cin, cout, bias=False)

    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        agg = scatter(x[src], dst, 0, x.size(0), self.aggr)
        return self.lin_l(agg) + self.lin_r(x)


class EdgeConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(2 * cin, cout), nn.ReLU(), nn.Linear(cout, cout))

    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        xi, xj = x[dst], x[src]
        msg = self.mlp(torch.cat([xi, xj - xi], dim=-1))
        return scatter(msg, dst, 0, x.size(0), "max")


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = SAGEConv(3, 8, "mean")
        self.conv2 = SAGEConv(8, 8, "max")
        self.conv3 = EdgeConv(8, 4)

    def forward(self, x, edge_index, batch, num_graphs: int):
        h = F.relu(self.conv1(x, edge_index))
        h = F.relu(self.conv2(h, edge_index))
        h = self.conv3(h, edge_index)
        mean_pool = scatter(h, batch, 0, num_graphs, "mean")
        max_pool = scatter(h, batch, 0, num_graphs, "max")
        return torch.cat([mean_pool, max_pool], dim=1)


def pool_index_reduce(h, batch, num_graphs: int):
    z = h.new_zeros(num_graphs, h.size(1))
    mean = z.index_reduce(0, batch, h, "mean", include_self=False)
    hi = z.clone().index_reduce_(0, batch, h, "amax", include_self=False)
    lo = torch.index_reduce(z, 0, batch, h, "amin", include_self=False)
    return mean, hi, lo


def r(t, d=4):
    return [round(v, d) for v in t.flatten().tolist()]


torch.manual_seed(0)
# two graphs: a 5-cycle with a chord (nodes 0-4) and a 4-node star (5-8),
# both directions of every edge; node 4's only neighbours are 0 and 3
edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (1, 3), (5, 6), (5, 7), (5, 8)]
pairs = edges + [(b, a) for a, b in edges]
edge_index = torch.tensor(pairs, dtype=torch.long).t().contiguous()
batch = torch.tensor([0, 0, 0, 0, 0, 1, 1, 1, 1])
x = torch.randn(9, 3)
model = Net()
model.eval()
with torch.no_grad():
    out = model(x, edge_index, batch, 2)
print(list(out.shape), r(out))

# every reduction of the helper on the raw features, and dim_size inferred
# from the index (a data-dependent int, as PyG's)
for red in ["sum", "mean", "min", "max", "mul"]:
    print(red, r(scatter(x[edge_index[0]], edge_index[1], 0, None, red)))
# a node no edge points to keeps scatter_reduce_'s fresh 0 (include_self=False)
print(r(scatter(x[:3], torch.tensor([0, 0, 2]), 0, 4, "max")))

with torch.no_grad():
    h = model.conv1(x, edge_index)
mean, hi, lo = pool_index_reduce(h, batch, 2)
print(r(mean), r(hi), r(lo))
print(r(scatter(h, batch, 0, 2, "mean") - mean, 5))
# include_self=True folds the buffer's own value in: prod over ones is prod,
# mean over zeros counts the zero
print(r(torch.ones(2, 8).index_reduce(0, batch, h, "prod")))
print(r(torch.zeros(2, 8).scatter_reduce(0, broadcast(batch, h, 0), h, "mean")))
