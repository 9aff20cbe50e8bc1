# RUN: tcc build %s -o /tmp/tcc_golden_symbolic_prefix.bin
# RUN: /tmp/tcc_golden_symbolic_prefix.bin
# x[:, :T] with T a size known only at run time compiles with the guard
# T <= 16 (the buffer's length). The second batch is longer than the buffer:
# the guard fails and the interpreter runs the call, raising torch's error
# for the mismatched add, as an eager run does (and PyTorch: the same
# numbers and the same RuntimeError).
import torch
import torch.nn as nn


class Emb(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(30, 8)
        self.pos = nn.Embedding(16, 8)
        self.register_buffer("position_ids", torch.arange(16).expand((1, -1)))

    def forward(self, ids):
        T = ids.shape[1]
        x = self.word(ids)
        x += self.pos(self.position_ids[:, :T])
        return x.sum(-1)


torch.manual_seed(0)
m = Emb()
for lengths in [torch.tensor([5, 7, 3]), torch.tensor([5, 20, 3])]:
    T = int(lengths.max())
    ids = torch.randint(0, 30, (3, T))
    try:
        print(m(ids).sum(1))
    except RuntimeError:
        print("RuntimeError: the batch is longer than the position buffer")

# CHECK-STDOUT: tensor([-7.4014,  2.8985, -3.5549])
# CHECK-STDOUT: RuntimeError: the batch is longer than the position buffer
# CHECK-STDERR: tcc: built /tmp/tcc_golden_symbolic_prefix.bin: 1 graph, 1 kernel; 0 graph breaks accepted
# CHECK-STDERR: <stdlib>/torch/nn.ts:56:9: warning: compiled code for `Module.__call__` did not run: guard `args[0]` expected int64[3, s0<=16], saw int64[3, 20]; line 56 ran in the interpreter [TS3017 guard_failed]
# CHECK-STDERR:  56 |         return self.forward(*args, **kwargs)
# CHECK-STDERR:     |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: hint: `tcc explain` lists the specialisations that were compiled; this warning is shown once per site, TCC_STATS=- counts every failure
