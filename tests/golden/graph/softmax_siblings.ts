# RUN: tcc build --emit graph %s
# softmax: the max and the sum of exponentials are sibling reductions over
# the same rows; the division fuses with the second.
import torch

def probs(logits, temperature):
    return torch.softmax(logits / temperature, dim=-1)

print(probs(torch.randn(3, 10), 0.7))

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "logits" : float32[3, 10]
# CHECK-STDOUT:   %1 = constant 0.7 : float64[]
# CHECK-STDOUT:   %2 = div %0, %1 : float32[3, 10]  // line 7
# CHECK-STDOUT:   %3 = max %2 axes=[1] keepdim : float32[3, 1]  // line 197
# CHECK-STDOUT:   %4 = sub %2, %3 : float32[3, 10]  // line 197
# CHECK-STDOUT:   %5 = exp %4 : float32[3, 10]  // line 197
# CHECK-STDOUT:   %6 = sum %5 axes=[1] keepdim : float32[3, 1]  // line 197
# CHECK-STDOUT:   %7 = constant 1 : float64[]
# CHECK-STDOUT:   %8 = div %7, %6 : float32[3, 1]  // line 197
# CHECK-STDOUT:   %9 = mul %5, %8 : float32[3, 10]  // line 197
# CHECK-STDOUT:   return %9
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %9 float32[3, 10]): constant, div, max, sub, exp, sum, constant, div, mul [per row: %3 max %6 sum; kept in the row: %5 exp]
