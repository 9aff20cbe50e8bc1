# RUN: tcc build --emit graph %s
# LayerNorm then GELU, as in a transformer's MLP: mean and variance per
# row, then one elementwise nest for the normalisation, affine and GELU.
import torch
import torch.nn.functional as F

def block(x, g, b):
    return F.gelu(F.layer_norm(x, (8,), g, b, 1e-5))

print(block(torch.randn(2, 3, 8), torch.ones(8), torch.zeros(8)))

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "x" : float32[2, 3, 8]
# CHECK-STDOUT:   %1 = mean %0 axes=[2] keepdim : float32[2, 3, 1]  // line 31
# CHECK-STDOUT:   %2 = sub %0, %1 : float32[2, 3, 8]  // line 32
# CHECK-STDOUT:   %3 = mul %2, %2 : float32[2, 3, 8]  // line 33
# CHECK-STDOUT:   %4 = mean %3 axes=[2] keepdim : float32[2, 3, 1]  // line 33
# CHECK-STDOUT:   %5 = constant 1e-05 : float64[]
# CHECK-STDOUT:   %6 = add %4, %5 : float32[2, 3, 1]  // line 34
# CHECK-STDOUT:   %7 = rsqrt %6 : float32[2, 3, 1]  // line 34
# CHECK-STDOUT:   %8 = mul %2, %7 : float32[2, 3, 8]  // line 34
# CHECK-STDOUT:   %9 = input #1 "g" : float32[8]
# CHECK-STDOUT:   %10 = mul %8, %9 : float32[2, 3, 8]  // line 36
# CHECK-STDOUT:   %11 = input #2 "b" : float32[8]
# CHECK-STDOUT:   %12 = add %10, %11 : float32[2, 3, 8]  // line 38
# CHECK-STDOUT:   %13 = gelu %12 : float32[2, 3, 8]  // line 50
# CHECK-STDOUT:   return %13
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %13 float32[2, 3, 8]): mean, sub, mul, mean, constant, add, rsqrt, mul, mul, add, gelu [per row: %1 mean %4 mean]
