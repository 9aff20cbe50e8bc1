# gpt-fast's static KV cache (model.py's KVCache.update, as its authors
# write it): `k_out[:, :, input_pos] = k_val` into a preallocated buffer at
# run-time positions is a graph op (a scatter along the sequence dimension
# and the in-place update of the buffer), so each decode step is one graph
# with no interpreted ops (issue 39, part 4). Also x[:, pos] = v with negative
# positions, a broadcast value, and an out-of-range position (torch's
# IndexError). PyTorch runs this same text (tests/e2e/torch/same_text.py).
# e2e-kernels: 4
import torch
import torch.nn as nn


class KVCache(nn.Module):
    def __init__(self, max_batch_size, max_seq_length, n_heads, head_dim, dtype=torch.float32):
        super().__init__()
        cache_shape = (max_batch_size, n_heads, max_seq_length, head_dim)
        self.register_buffer('k_cache', torch.zeros(cache_shape, dtype=dtype))
        self.register_buffer('v_cache', torch.zeros(cache_shape, dtype=dtype))

    def update(self, input_pos, k_val, v_val):
        # input_pos: [S], k_val: [B, H, S, D]
        assert input_pos.shape[0] == k_val.shape[2]
        k_out = self.k_cache
        v_out = self.v_cache
        k_out[:, :, input_pos] = k_val
        v_out[:, :, input_pos] = v_val
        return k_out, v_out


def step(cache, q, k, v, input_pos):
    k_all, v_all = cache.update(input_pos, k, v)
    att = (q @ k_all.transpose(-2, -1)) * 0.25
    return att.softmax(-1) @ v_all



def store(x, pos, v):
    x[:, pos] = v
    return x * 1


torch.manual_seed(0)
cache = KVCache(1, 8, 2, 4)
outs = []
for t in range(6):
    q, k, v = torch.randn(1, 2, 1, 4), torch.randn(1, 2, 1, 4), torch.randn(1, 2, 1, 4)
    outs.append(step(cache, q, k, v, torch.tensor([t])))
print(torch.cat(outs, 2))
print(cache.k_cache[0, 1])
x = torch.zeros(3, 5)
print(store(x, torch.tensor([0, -1]), torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
print(x)
print(store(torch.zeros(2, 4), torch.tensor([2]), torch.tensor([9.0])))
try:
    print(store(torch.zeros(2, 4), torch.tensor([4]), 1.0))
except IndexError as e:
    print("IndexError")
