# RUN: tcc build --emit graph %s
# Scaled dot-product attention with a causal mask: two batched matmuls, the
# mask and scale fused into the softmax's nests.
import math
import torch

def attend(q, k, v):
    T = q.shape[-2]
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.shape[-1]))
    mask = torch.tril(torch.ones(T, T))
    att = att.masked_fill(mask == 0, float("-inf"))
    return torch.softmax(att, dim=-1) @ v

q = torch.randn(1, 2, 4, 8)
print(attend(q, torch.randn(1, 2, 4, 8), torch.randn(1, 2, 4, 8)).shape)

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "k" : float32[1, 2, 4, 8]
# CHECK-STDOUT:   %1 = transpose %0 axes=[2, 3] : float32[1, 2, 8, 4]  // line 9
# CHECK-STDOUT:   %2 = input #1 "q" : float32[1, 2, 4, 8]
# CHECK-STDOUT:   %3 = matmul %2, %1 : float32[1, 2, 4, 4]  // line 9
# CHECK-STDOUT:   %4 = constant 0.35355339059327373 : float64[]
# CHECK-STDOUT:   %5 = mul %3, %4 : float32[1, 2, 4, 4]  // line 9
# CHECK-STDOUT:   %6 = full 1 : float32[4, 4]  // line 10
# CHECK-STDOUT:   %7 = arange 0 1 : int64[4]  // line 10
# CHECK-STDOUT:   %8 = unsqueeze %7 axis=1 : int64[4, 1]  // line 10
# CHECK-STDOUT:   %9 = sub %7, %8 : int64[4, 4]  // line 10
# CHECK-STDOUT:   %10 = constant 0 : int64[]
# CHECK-STDOUT:   %11 = gt %9, %10 : bool[4, 4]  // line 10
# CHECK-STDOUT:   %12 = constant 0 : float32[]  // line 10
# CHECK-STDOUT:   %13 = where %11, %12, %6 : float32[4, 4]  // line 10
# CHECK-STDOUT:   %14 = eq %13, %10 : bool[4, 4]  // line 11
# CHECK-STDOUT:   %15 = constant -inf : float32[]  // line 11
# CHECK-STDOUT:   %16 = where %14, %15, %5 : float32[1, 2, 4, 4]  // line 11
# CHECK-STDOUT:   %17 = max %16 axes=[3] keepdim : float32[1, 2, 4, 1]  // line 197
# CHECK-STDOUT:   %18 = sub %16, %17 : float32[1, 2, 4, 4]  // line 197
# CHECK-STDOUT:   %19 = exp %18 : float32[1, 2, 4, 4]  // line 197
# CHECK-STDOUT:   %20 = sum %19 axes=[3] keepdim : float32[1, 2, 4, 1]  // line 197
# CHECK-STDOUT:   %21 = constant 1 : float64[]
# CHECK-STDOUT:   %22 = div %21, %20 : float32[1, 2, 4, 1]  // line 197
# CHECK-STDOUT:   %23 = mul %19, %22 : float32[1, 2, 4, 4]  // line 197
# CHECK-STDOUT:   %24 = input #2 "v" : float32[1, 2, 4, 8]
# CHECK-STDOUT:   %25 = matmul %23, %24 : float32[1, 2, 4, 8]  // line 12
# CHECK-STDOUT:   return %25
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (matmul -> %3 float32[1, 2, 4, 4]): transpose, matmul
# CHECK-STDOUT: kernel 1 (elementwise -> %19 float32[1, 2, 4, 4]): constant, mul, full, arange, unsqueeze, sub, constant, gt, constant, where, eq, constant, where, max, sub, exp [per row: %17 max; kept in the row: %16 where]
# CHECK-STDOUT: kernel 2 (elementwise -> %23 float32[1, 2, 4, 4]): sum, constant, div, mul [per row: %20 sum]
# CHECK-STDOUT: kernel 3 (matmul -> %25 float32[1, 2, 4, 8]): matmul
