# RUN: tcc build --emit graph %s
# gpt-fast's static KV cache: `k_out[:, :, input_pos] = k_val` with run-time
# positions is a scatter and an in-place update inside the graph.
import torch

def update(k_out, input_pos, k_val):
    k_out[:, :, input_pos] = k_val
    return k_out.sum()

cache = torch.zeros(1, 2, 8, 4)
print(update(cache, torch.tensor([3]), torch.ones(1, 2, 1, 4)))

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "input_pos" : int64[1]
# CHECK-STDOUT:   %1 = constant 0 : int64[]
# CHECK-STDOUT:   %2 = lt %0, %1 : bool[1]  // line 7
# CHECK-STDOUT:   %3 = constant 8 : int64[]
# CHECK-STDOUT:   %4 = add %0, %3 : int64[1]  // line 7
# CHECK-STDOUT:   %5 = where %2, %4, %0 : int64[1]  // line 7
# CHECK-STDOUT:   %6 = reshape %5 : int64[1, 1, 1, 1]  // line 7
# CHECK-STDOUT:   %7 = expand %6 : int64[1, 2, 1, 4]  // line 7
# CHECK-STDOUT:   %8 = input #1 "k_out" : float32[1, 2, 8, 4]
# CHECK-STDOUT:   %9 = input #2 "k_val" : float32[1, 2, 1, 4]
# CHECK-STDOUT:   %10 = scatter %8, %7, %9 axis=2 : float32[1, 2, 8, 4]  // line 7
# CHECK-STDOUT:   %11 = sum %10 axes=[0, 1, 2, 3] : float32[]  // line 8
# CHECK-STDOUT:   return %11, %10
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %5 int64[1]): constant, lt, constant, add, where
# CHECK-STDOUT: kernel 1 (elementwise -> %7 int64[1, 2, 1, 4]): reshape, expand
# CHECK-STDOUT: kernel 2 (window -> %10 float32[1, 2, 8, 4]): scatter
# CHECK-STDOUT: kernel 3 (reduction -> %11 float32[]): sum
