# RUN: tcc build --emit graph --dump-after all %s
# Common subexpressions (the same exp twice) are computed once, and an
# unused result is dropped, before fusion.
import torch

def f(x):
    a = torch.exp(x) * 2.0
    b = torch.exp(x) * 2.0
    unused = torch.sin(x)
    return a + b

print(f(torch.randn(5)))

# CHECK-STDOUT: // ---- after fold-constants (tcc_kernel_0) (unchanged)
# CHECK-STDOUT: // ---- after cse (tcc_kernel_0)
# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "x" : float32[5]
# CHECK-STDOUT:   %1 = exp %0 : float32[5]  // line 7
# CHECK-STDOUT:   %2 = constant 2 : float64[]
# CHECK-STDOUT:   %3 = mul %1, %2 : float32[5]  // line 7
# CHECK-STDOUT:   %4 = exp %0 : float32[5]  // line 8
# CHECK-STDOUT:   %5 = constant 2 : float64[]
# CHECK-STDOUT:   %6 = mul %1, %2 : float32[5]  // line 8
# CHECK-STDOUT:   %7 = sin %0 : float32[5]  // line 9
# CHECK-STDOUT:   %8 = add %3, %3 : float32[5]  // line 10
# CHECK-STDOUT:   return %8
# CHECK-STDOUT: }
# CHECK-STDOUT: // ---- after dce (tcc_kernel_0)
# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "x" : float32[5]
# CHECK-STDOUT:   %1 = exp %0 : float32[5]  // line 7
# CHECK-STDOUT:   %2 = constant 2 : float64[]
# CHECK-STDOUT:   %3 = mul %1, %2 : float32[5]  // line 7
# CHECK-STDOUT:   %4 = add %3, %3 : float32[5]  // line 10
# CHECK-STDOUT:   return %4
# CHECK-STDOUT: }
# CHECK-STDOUT: // ---- after fuse (tcc_kernel_0)
# CHECK-STDOUT: kernel 0 (elementwise -> %4 float32[5]): exp, constant, mul, add
# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "x" : float32[5]
# CHECK-STDOUT:   %1 = exp %0 : float32[5]  // line 7
# CHECK-STDOUT:   %2 = constant 2 : float64[]
# CHECK-STDOUT:   %3 = mul %1, %2 : float32[5]  // line 7
# CHECK-STDOUT:   %4 = add %3, %3 : float32[5]  // line 10
# CHECK-STDOUT:   return %4
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %4 float32[5]): exp, constant, mul, add
