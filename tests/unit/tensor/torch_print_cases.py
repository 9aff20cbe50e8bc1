# Writes tensors made by PyTorch as .npy files plus str(tensor) for each
# exactly as torch prints it, so print_test.cpp can compare format_tensor with
# real torch output. Usage: python3 torch_print_cases.py OUTDIR
import torch, numpy as np
torch.manual_seed(0)
cases = [
  torch.tensor([1.0, 2.5]), torch.tensor([1, 2, 3]), torch.tensor([True, False]), torch.tensor(3.),
  torch.randn(3, 4), torch.randn(2, 3, 4) * 100, torch.rand(50), torch.arange(2000), torch.arange(1001.),
  torch.randn(40, 40), torch.tensor([1e-5, 1.0]), torch.tensor([123456789.]), torch.tensor([float('nan'), 1.5, float('inf'), -float('inf')]),
  torch.tensor([1, 2], dtype=torch.int32), torch.tensor([1.5], dtype=torch.float64), torch.zeros(0, 3), torch.tensor([], dtype=torch.int64),
  torch.randn(5, 30), torch.randn(3, 3) * 1e-6, torch.randn(3) * 1e9, torch.tensor([-0.0, 0.0]), torch.tensor(-7),
  torch.tensor([[True, False, True]] * 4), torch.randn(2, 2, 2, 2), torch.arange(24).reshape(2, 3, 4) - 12,
  torch.randn(1200, 3), torch.randn(3, 1200), torch.ones(18, dtype=torch.float64), torch.tensor([0.1, 100000.]),
  torch.linspace(-1, 1, 7), torch.tensor([1e8, 1.0]), torch.tensor([1e9]), torch.tensor([0.0001, 0.5]), torch.tensor([0.00009, 0.5]),
  torch.randn(4, 1000), torch.arange(10, dtype=torch.int32) * 1000000, torch.tensor(float('nan')), torch.tensor(0.), torch.tensor(True),
]
import sys
d = sys.argv[1]
with open(d + '/torch_print_expected.txt', 'w') as f:
  for i, t in enumerate(cases):
    np.save('%s/torch_print_%d.npy' % (d, i), t.numpy())
    s = str(t)
    f.write(s + '\n<<<END>>>\n')
print(len(cases))

# Random streams: (seed, kind, n, dtype); each seed is set before its case,
# except 'next' cases, which continue the previous stream.
rand_cases = [(0, 'rand', 3, torch.float32), (0, 'randn', 12, torch.float32), (0, 'randn', 20, torch.float32),
              (7, 'randn', 5, torch.float64), (7, 'randn', 33, torch.float64), (3, 'rand', 5, torch.float64),
              (1, 'randn', 3, torch.float32), (None, 'randn', 3, torch.float32), (None, 'rand', 17, torch.float32),
              (5, 'randn', 16, torch.float32), (5, 'randn', 1000, torch.float32)]
for i, (seed, kind, n, dt) in enumerate(rand_cases):
    if seed is not None:
        torch.manual_seed(seed)
    t = (torch.rand if kind == 'rand' else torch.randn)(n, dtype=dt)
    np.save('%s/torch_rand_%d.npy' % (d, i), t.numpy())
