# Model code from three more corners of PyTorch: graph neural networks (a
# two-layer GCN as PyG's GCNConv computes it: self loops, symmetric degree
# normalisation with pow(-0.5) and inf masked to 0, messages gathered by
# edge_index and summed by index_add_ and scatter_add_), VQ-VAE
# (zalandoresearch/pytorch-vq-vae's VectorQuantizerEMA: argmin over
# distances, one-hot by scatter_, perplexity, one EMA step with
# torch.Tensor(n, d) and nn.Parameter rebinding), a RealNVP coupling stack
# (log-determinants, its inverse, torch.pi) and HuggingFace Mixtral's sparse
# mixture of experts (topk routing, one_hot().permute, torch.where(mask) per
# expert, index_add_ into a tensor made before the loop). The numbers are
# PyTorch's (tests/e2e/torch/same_text.py writes the .torch.txt).
# e2e-kernels: 8
import torch
import torch.nn as nn
import torch.nn.functional as F


def add_self_loops(edge_index, num_nodes):
    loop = torch.arange(num_nodes, dtype=torch.long)
    loop = loop.unsqueeze(0).repeat(2, 1)
    return torch.cat([edge_index, loop], dim=1)


def degree(index, num_nodes):
    out = torch.zeros(num_nodes)
    return out.scatter_add_(0, index, torch.ones(index.size(0)))


class GCNConv(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels, bias=False)
        self.bias = nn.Parameter(torch.zeros(out_channels))

    def forward(self, x, edge_index):
        n = x.size(0)
        edge_index = add_self_loops(edge_index, n)
        x = self.lin(x)
        row, col = edge_index[0], edge_index[1]
        deg = degree(col, n)
        deg_inv_sqrt = deg.pow(-0.5)
        deg_inv_sqrt[deg_inv_sqrt == float("inf")] = 0
        norm = deg_inv_sqrt[row] * deg_inv_sqrt[col]
        msg = norm.view(-1, 1) * x[row]
        out = torch.zeros_like(x).index_add_(0, col, msg)
        return out + self.bias


class GCN(nn.Module):
    def __init__(self, nfeat, nhid, nclass):
        super().__init__()
        self.conv1 = GCNConv(nfeat, nhid)
        self.conv2 = GCNConv(nhid, nclass)

    def forward(self, x, edge_index):
        x = F.relu(self.conv1(x, edge_index))
        x = F.dropout(x, p=0.5, training=self.training)
        x = self.conv2(x, edge_index)
        return F.log_softmax(x, dim=1)


class VectorQuantizerEMA(nn.Module):
    def __init__(self, num_embeddings, embedding_dim, commitment_cost, decay, epsilon=1e-5):
        super(VectorQuantizerEMA, self).__init__()
        self._embedding_dim = embedding_dim
        self._num_embeddings = num_embeddings
        self._embedding = nn.Embedding(self._num_embeddings, self._embedding_dim)
        self._embedding.weight.data.normal_()
        self._commitment_cost = commitment_cost
        self.register_buffer('_ema_cluster_size', torch.zeros(num_embeddings))
        self._ema_w = nn.Parameter(torch.Tensor(num_embeddings, self._embedding_dim))
        self._ema_w.data.normal_()
        self._decay = decay
        self._epsilon = epsilon

    def forward(self, inputs):
        inputs = inputs.permute(0, 2, 3, 1).contiguous()
        input_shape = inputs.shape
        flat_input = inputs.view(-1, self._embedding_dim)
        distances = (torch.sum(flat_input**2, dim=1, keepdim=True)
                     + torch.sum(self._embedding.weight**2, dim=1)
                     - 2 * torch.matmul(flat_input, self._embedding.weight.t()))
        encoding_indices = torch.argmin(distances, dim=1).unsqueeze(1)
        encodings = torch.zeros(encoding_indices.shape[0], self._num_embeddings, device=inputs.device)
        encodings.scatter_(1, encoding_indices, 1)
        quantized = torch.matmul(encodings, self._embedding.weight).view(input_shape)
        if self.training:
            self._ema_cluster_size = self._ema_cluster_size * self._decay + \
                                     (1 - self._decay) * torch.sum(encodings, 0)
            n = torch.sum(self._ema_cluster_size.data)
            self._ema_cluster_size = (
                (self._ema_cluster_size + self._epsilon)
                / (n + self._num_embeddings * self._epsilon) * n)
            dw = torch.matmul(encodings.t(), flat_input)
            self._ema_w = nn.Parameter(self._ema_w * self._decay + (1 - self._decay) * dw)
            self._embedding.weight = nn.Parameter(self._ema_w / self._ema_cluster_size.unsqueeze(1))
        e_latent_loss = F.mse_loss(quantized.detach(), inputs)
        loss = self._commitment_cost * e_latent_loss
        quantized = inputs + (quantized - inputs).detach()
        avg_probs = torch.mean(encodings, dim=0)
        perplexity = torch.exp(-torch.sum(avg_probs * torch.log(avg_probs + 1e-10)))
        return loss, quantized.permute(0, 3, 1, 2).contiguous(), perplexity, encodings


class AffineCoupling(nn.Module):
    def __init__(self, dim, hidden, mask):
        super().__init__()
        self.register_buffer("mask", mask)
        self.s = nn.Sequential(nn.Linear(dim, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, dim), nn.Tanh())
        self.t = nn.Sequential(nn.Linear(dim, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, dim))

    def forward(self, x):
        x_m = x * self.mask
        s = self.s(x_m) * (1 - self.mask)
        t = self.t(x_m) * (1 - self.mask)
        z = x_m + (1 - self.mask) * (x * torch.exp(s) + t)
        return z, s.sum(dim=1)

    def inverse(self, z):
        z_m = z * self.mask
        s = self.s(z_m) * (1 - self.mask)
        t = self.t(z_m) * (1 - self.mask)
        return z_m + (1 - self.mask) * (z - t) * torch.exp(-s)


class RealNVP(nn.Module):
    def __init__(self, dim, hidden, n_layers):
        super().__init__()
        masks = []
        for i in range(n_layers):
            m = torch.zeros(dim)
            m[i % 2::2] = 1.0
            masks.append(m)
        self.layers = nn.ModuleList([AffineCoupling(dim, hidden, m) for m in masks])

    def forward(self, x):
        log_det = torch.zeros(x.shape[0])
        for layer in self.layers:
            x, ld = layer(x)
            log_det += ld
        log_pz = -0.5 * (x ** 2).sum(dim=1) - 0.5 * x.shape[1] * torch.log(torch.tensor(2 * torch.pi))
        return x, log_pz + log_det

    def inverse(self, z):
        for layer in reversed(self.layers):
            z = layer.inverse(z)
        return z


class MoE(nn.Module):
    def __init__(self, dim, hidden, num_experts, top_k):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([nn.Sequential(nn.Linear(dim, hidden), nn.SiLU(), nn.Linear(hidden, dim))
                                      for _ in range(num_experts)])

    def forward(self, hidden_states):
        batch_size, sequence_length, hidden_dim = hidden_states.shape
        hidden_states = hidden_states.view(-1, hidden_dim)
        router_logits = self.gate(hidden_states)
        routing_weights = F.softmax(router_logits, dim=1, dtype=torch.float)
        routing_weights, selected_experts = torch.topk(routing_weights, self.top_k, dim=-1)
        routing_weights /= routing_weights.sum(dim=-1, keepdim=True)
        final_hidden_states = torch.zeros((batch_size * sequence_length, hidden_dim), dtype=hidden_states.dtype)
        expert_mask = F.one_hot(selected_experts, num_classes=self.num_experts).permute(2, 1, 0)
        for expert_idx in range(self.num_experts):
            expert_layer = self.experts[expert_idx]
            idx, top_x = torch.where(expert_mask[expert_idx])
            current_state = hidden_states[None, top_x].reshape(-1, hidden_dim)
            current_hidden_states = expert_layer(current_state) * routing_weights[top_x, idx, None]
            final_hidden_states.index_add_(0, top_x, current_hidden_states.to(hidden_states.dtype))
        final_hidden_states = final_hidden_states.reshape(batch_size, sequence_length, hidden_dim)
        return final_hidden_states, router_logits



torch.manual_seed(0)
num_nodes = 30
src = torch.randint(0, num_nodes, (80,))
dst = torch.randint(0, num_nodes, (80,))
edge_index = torch.stack([src, dst], dim=0)
x = torch.randn(num_nodes, 16)
model = GCN(16, 32, 5)
model.eval()
out = model(x, edge_index)
print(out.shape, round(out.sum().item(), 4))
print([round(v, 4) for v in out[:3].flatten().tolist()])
pred = out.argmax(dim=1)
print(pred.tolist())
print(torch.bincount(pred, minlength=5).tolist())

torch.manual_seed(0)
vq = VectorQuantizerEMA(16, 8, 0.25, 0.99)
z = torch.randn(2, 8, 4, 4)
vq.eval()
loss, q, perp, enc = vq(z)
print(round(loss.item(), 5), q.shape, round(perp.item(), 4), enc.sum(0).tolist())
vq.train()
loss, q, perp, enc = vq(z)
print(round(loss.item(), 5), round(perp.item(), 4), [round(v, 4) for v in vq._ema_cluster_size.tolist()])
# the codebook divides by cluster sizes near 1e-5: its largest entry, to 6 digits
w = vq._embedding.weight
print(round(w.abs().max().item() / 1e5, 6), round(vq._ema_w.sum().item(), 4))

flow = RealNVP(6, 32, 4)
x = torch.randn(10, 6)
zf, logp = flow(x)
print([round(v, 4) for v in logp.tolist()])
xr = flow.inverse(zf)
print((xr - x).abs().max().item() < 1e-5, round(zf.std().item(), 4))

moe = MoE(12, 24, 4, 2)
h = torch.randn(2, 5, 12)
out, logits = moe(h)
print(out.shape, round(out.sum().item(), 4), [round(v, 4) for v in out[0, 0].tolist()])
print(logits.argmax(-1).tolist())

# torch's legacy constructors: float32 whatever the data, sizes zero-filled here
a = torch.Tensor([1, 2])
print(a.dtype, a.tolist(), torch.Tensor(2, 3).shape, torch.Tensor().shape)
print(torch.LongTensor([1.0, 2.0]).tolist(), torch.FloatTensor([[1, 2]]).dtype, isinstance(a, torch.Tensor))
print(torch.pi, torch.e, torch.inf, torch.Size([2, 3]), torch.zeros(2, 3).shape == torch.Size([2, 3]))
