# RUN: tcc explain --guards %s
# `--guards` lists what each specialisation's compiled code assumes and
# checks when it is called, as torch.compile's guard log: the tensors' types,
# the classes and lengths it traced through, and the numbers module scope
# computed at build time (here each block's drop probability, from
# torch.linspace, as timm builds stochastic depth).
import torch
import torch.nn as nn


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        if self.drop_prob == 0.0 or not self.training:
            return x
        keep = 1 - self.drop_prob
        mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep)
        return x * mask / keep


class Block(nn.Module):
    def __init__(self, dim, drop_path):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path) if drop_path > 0.0 else nn.Identity()

    def forward(self, x):
        return x + self.drop_path(torch.relu(self.fc(x)))


dpr = [x.item() for x in torch.linspace(0, 0.2, 2)]
blocks = nn.Sequential(*[Block(4, dpr[i]) for i in range(2)])
blocks.eval()
print(blocks(torch.randn(3, 4)).shape)

# CHECK-STDOUT: tcc explain explain_guards.ts
# CHECK-STDOUT:
# CHECK-STDOUT: Module.__call__(*args: float32[3, 4])   entered at explain_guards.ts:37:7
# CHECK-STDOUT:   graph 1  10 ops  transpose, matmul, add, relu, add, transpose, matmul, add, relu, add  (lines nn.ts:14, nn.ts:16, explain_guards.ts:31)
# CHECK-STDOUT:            fused into 4 loop nests: [matmul] transpose, matmul; [elementwise] add, relu, add (in place over the matmul); [matmul] transpose, matmul; [elementwise] add, relu, add (in place over the matmul)
# CHECK-STDOUT:   guard    len(args) == 1
# CHECK-STDOUT:   guard    len(kwargs) == 0
# CHECK-STDOUT:   guard    len(self.0._buffers) == 0
# CHECK-STDOUT:   guard    len(self.0.drop_path._buffers) == 0
# CHECK-STDOUT:   guard    len(self.0.fc._buffers) == 0
# CHECK-STDOUT:   guard    len(self.1._buffers) == 0
# CHECK-STDOUT:   guard    len(self.1.drop_path._buffers) == 0
# CHECK-STDOUT:   guard    len(self.1.fc._buffers) == 0
# CHECK-STDOUT:   guard    len(self._buffers) == 0
# CHECK-STDOUT:   guard    args[0]: float32[3, 4]
# CHECK-STDOUT:   guard    self.0.fc.bias: float32[4]
# CHECK-STDOUT:   guard    self.0.fc.weight: float32[4, 4]
# CHECK-STDOUT:   guard    self.1.fc.bias: float32[4]
# CHECK-STDOUT:   guard    self.1.fc.weight: float32[4, 4]
# CHECK-STDOUT:   guard    type(self) is torch.nn.Sequential@231
# CHECK-STDOUT:   guard    type(self.0) is main.Block@24
# CHECK-STDOUT:   guard    type(self.0.drop_path) is torch.nn.Identity@362
# CHECK-STDOUT:   guard    type(self.0.fc) is torch.nn.Linear@370
# CHECK-STDOUT:   guard    type(self.1) is main.Block@24
# CHECK-STDOUT:   guard    type(self.1.drop_path) is main.DropPath@11
# CHECK-STDOUT:   guard    type(self.1.fc) is torch.nn.Linear@370
# CHECK-STDOUT:   guard    Module is the definition torch.nn.Module@50
# CHECK-STDOUT:   guard    self.0.drop_path.training == False
# CHECK-STDOUT:   guard    self.0.fc.in_features == 4
# CHECK-STDOUT:   guard    self.0.fc.out_features == 4
# CHECK-STDOUT:   guard    self.0.fc.training == False
# CHECK-STDOUT:   guard    self.0.training == False
# CHECK-STDOUT:   guard    self.1.drop_path.drop_prob == 0.20000000298023224
# CHECK-STDOUT:   guard    self.1.drop_path.training == False
# CHECK-STDOUT:   guard    self.1.fc.in_features == 4
# CHECK-STDOUT:   guard    self.1.fc.out_features == 4
# CHECK-STDOUT:   guard    self.1.fc.training == False
# CHECK-STDOUT:   guard    self.1.training == False
# CHECK-STDOUT:   guard    self.training == False
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 0 errors
