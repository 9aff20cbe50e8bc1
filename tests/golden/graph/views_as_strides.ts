# RUN: tcc build --emit graph %s
# Transposes, slices and reshapes are views: they fuse into the elementwise
# nest that reads them (strides). Reshaping a permuted tensor needs a copy
# first (torch's reshape copies too): its own nest.
import torch

def mix(x, y):
    a = x.transpose(0, 1)[1:, :]
    b = y.permute(2, 0, 1).reshape(6, 4)[:5]
    return torch.tanh(a) + b * 0.5

print(mix(torch.randn(4, 6), torch.randn(2, 3, 4)))

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "x" : float32[4, 6]
# CHECK-STDOUT:   %1 = transpose %0 axes=[0, 1] : float32[6, 4]  // line 8
# CHECK-STDOUT:   %2 = slice %1 axis=0 [1, 6, 1] : float32[5, 4]  // line 8
# CHECK-STDOUT:   %3 = input #1 "y" : float32[2, 3, 4]
# CHECK-STDOUT:   %4 = permute %3 axes=[2, 0, 1] : float32[4, 2, 3]  // line 9
# CHECK-STDOUT:   %5 = reshape %4 : float32[6, 4]  // line 9
# CHECK-STDOUT:   %6 = slice %5 axis=0 [0, 5, 1] : float32[5, 4]  // line 9
# CHECK-STDOUT:   %7 = tanh %2 : float32[5, 4]  // line 10
# CHECK-STDOUT:   %8 = constant 0.5 : float64[]
# CHECK-STDOUT:   %9 = mul %6, %8 : float32[5, 4]  // line 10
# CHECK-STDOUT:   %10 = add %7, %9 : float32[5, 4]  // line 10
# CHECK-STDOUT:   return %10
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %4 float32[4, 2, 3]): permute
# CHECK-STDOUT: kernel 1 (elementwise -> %10 float32[5, 4]): transpose, slice, reshape, slice, tanh, constant, mul, add
