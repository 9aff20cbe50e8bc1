# RUN: tcc build --emit graph %s
# A loop of 1000 steps compiles as one iteration's kernel (rolled): the loop
# variable is a scalar input.
import torch

def integrate(x, v, steps):
    for i in range(steps):
        v = v - 0.01 * x
        x = x + 0.01 * v * (1.0 + i * 0.0)
    return x

print(integrate(torch.ones(4), torch.zeros(4), 1000))

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = constant 0.01 : float64[]
# CHECK-STDOUT:   %1 = input #0 "x" : float32[4]
# CHECK-STDOUT:   %2 = mul %0, %1 : float32[4]  // line 8
# CHECK-STDOUT:   %3 = input #1 "v" : float32[4]
# CHECK-STDOUT:   %4 = sub %3, %2 : float32[4]  // line 8
# CHECK-STDOUT:   %5 = mul %0, %4 : float32[4]  // line 9
# CHECK-STDOUT:   %6 = constant 1 : float64[]
# CHECK-STDOUT:   %7 = scalar_input #0 "i" : float64[]
# CHECK-STDOUT:   %8 = constant 0 : float64[]
# CHECK-STDOUT:   %9 = mul %7, %8 : float64[]
# CHECK-STDOUT:   %10 = add %6, %9 : float64[]
# CHECK-STDOUT:   %11 = mul %5, %10 : float32[4]  // line 9
# CHECK-STDOUT:   %12 = add %1, %11 : float32[4]  // line 9
# CHECK-STDOUT:   return %4, %12
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (elementwise -> %4 float32[4]): constant, mul, sub
# CHECK-STDOUT: kernel 1 (elementwise -> %12 float32[4]): constant, mul, constant, scalar_input, constant, mul, add, mul, add
