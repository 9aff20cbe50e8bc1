# RUN: tcc build --emit graph %s
# A GEMM with its epilogue: the bias add and relu run in place over the
# matmul's output; the scale and the row sum are one reduction nest.
import torch

def mlp_score(x, w, b):
    y = torch.relu(x @ w + b)
    return (y * 2.0).sum(dim=1)

print(mlp_score(torch.randn(4, 8), torch.randn(8, 16), torch.randn(16)))

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "x" : float32[4, 8]
# CHECK-STDOUT:   %1 = input #1 "w" : float32[8, 16]
# CHECK-STDOUT:   %2 = matmul %0, %1 : float32[4, 16]  // line 7
# CHECK-STDOUT:   %3 = input #2 "b" : float32[16]
# CHECK-STDOUT:   %4 = add %2, %3 : float32[4, 16]  // line 7
# CHECK-STDOUT:   %5 = relu %4 : float32[4, 16]  // line 7
# CHECK-STDOUT:   %6 = constant 2 : float64[]
# CHECK-STDOUT:   %7 = mul %5, %6 : float32[4, 16]  // line 8
# CHECK-STDOUT:   %8 = sum %7 axes=[1] : float32[4]  // line 8
# CHECK-STDOUT:   return %8
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (matmul -> %2 float32[4, 16]): matmul
# CHECK-STDOUT: kernel 1 (reduction -> %8 float32[4]): add, relu, constant, mul, sum
