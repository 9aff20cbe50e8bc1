# RUN: tcc build --emit graph --dump-after fold-constants %s
# Arithmetic on constants folds into one constant before fusion.
import math
import torch

def scale(x):
    c = torch.tensor(2.0) * math.pi / 4.0
    return x * c + (3.0 - 1.0)

print(scale(torch.ones(3)))

# CHECK-STDOUT: // ---- after fold-constants (tcc_kernel_0)
# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = constant [2] : float32[]  // line 7
# CHECK-STDOUT:   %1 = constant 3.141592653589793 : float64[]
# CHECK-STDOUT:   %2 = constant 6.2831854820251465 : float32[]  // line 7
# CHECK-STDOUT:   %3 = constant 4 : float64[]
# CHECK-STDOUT:   %4 = constant 1.5707963705062866 : float32[]  // line 7
# CHECK-STDOUT:   %5 = input #0 "x" : float32[3]
# CHECK-STDOUT:   %6 = mul %5, %4 : float32[3]  // line 8
# CHECK-STDOUT:   %7 = constant 2 : float64[]
# CHECK-STDOUT:   %8 = add %6, %7 : float32[3]  // line 8
# CHECK-STDOUT:   return %8
# CHECK-STDOUT: }
# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = constant 1.5707963705062866 : float32[]  // line 7
# CHECK-STDOUT:   %1 = input #0 "x" : float32[3]
# CHECK-STDOUT:   %2 = mul %1, %0 : float32[3]  // line 8
# CHECK-STDOUT:   %3 = constant 2 : float64[]
# CHECK-STDOUT:   %4 = add %2, %3 : float32[3]  // line 8
# CHECK-STDOUT:   return %4
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %4 float32[3]): constant, mul, constant, add
