# nn.ModuleList as model code edits it (issue 39, part 5): insert, `ml[i] = m`,
# pop, extend, del, +=, negative indices, and what each does to the
# submodule names (state_dict keys), the printed module and forward. Written
# after timm's feature-extraction helpers (replacing a stage's head) and
# YOLOv5's model surgery (swapping layers in place). PyTorch runs this same
# text (tests/e2e/torch/same_text.py writes lib_modulelist.torch.txt).
# e2e-kernels: 1
import torch
import torch.nn as nn


class Stack(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(dims[i], dims[i + 1]) for i in range(len(dims) - 1)])

    def forward(self, x):
        for blk in self.blocks:
            x = torch.relu(blk(x))
        return x


torch.manual_seed(0)
m = Stack([4, 8, 8, 3])
x = torch.randn(2, 4)
print(len(m.blocks), list(m.state_dict().keys()))
m.blocks.insert(1, nn.Identity())
m.blocks.insert(3, nn.Tanh())
print(len(m.blocks), [type(b).__name__ for b in m.blocks])
print(list(m.state_dict().keys()))
m.blocks[-1] = nn.Linear(8, 5)
m.blocks[0] = nn.Linear(4, 8)
print(m)
popped = m.blocks.pop(1)
print(type(popped).__name__, len(m.blocks), [k for k, _ in m.blocks.named_children()])
last = m.blocks.pop(-1)
print(last, len(m.blocks))
m.blocks.extend([nn.Linear(8, 6), nn.ReLU()])
m.blocks += [nn.Linear(6, 2)]
del m.blocks[2]
print([type(b).__name__ for b in m.blocks], list(m.state_dict().keys()))
with torch.no_grad():
    print(m(x))
print(sum(p.numel() for p in m.parameters()))
try:
    m.blocks[7] = nn.ReLU()
except IndexError as e:
    print("IndexError:", e)
try:
    m.blocks.pop(-9)
except IndexError as e:
    print("IndexError:", e)
