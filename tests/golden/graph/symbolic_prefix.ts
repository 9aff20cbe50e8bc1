# RUN: tcc build --emit graph %s
# A size known only at run time (a padded batch's length) slices a buffer:
# the graph's sizes are the symbol s0, bounded by the buffer (s0<=16).
import torch

position_ids = torch.arange(16).expand(1, -1)

def embed(ids, table):
    T = ids.shape[1]
    pos = position_ids[:, :T]
    return table[ids] + table[pos]

lengths = torch.tensor([3, 5])
ids = torch.zeros(1, int(lengths.max()), dtype=torch.long)
print(embed(ids, torch.randn(16, 4)).shape)

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "position_ids" : int64[1, 16]
# CHECK-STDOUT:   %1 = slice %0 axis=1 [0, 16, 1] : int64[1, s0]  // line 10
# CHECK-STDOUT:   %2 = input #1 "table" : float32[16, 4]
# CHECK-STDOUT:   %3 = input #2 "ids" : int64[1, s0]
# CHECK-STDOUT:   %4 = take %2, %3 axis=0 : float32[1, s0, 4]  // line 11
# CHECK-STDOUT:   %5 = take %2, %1 axis=0 : float32[1, s0, 4]  // line 11
# CHECK-STDOUT:   %6 = add %4, %5 : float32[1, s0, 4]  // line 11
# CHECK-STDOUT:   return %6
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %1 int64[1, s0]): slice
# CHECK-STDOUT: kernel 1 (elementwise -> %6 float32[1, s0, 4]): take, take, add
