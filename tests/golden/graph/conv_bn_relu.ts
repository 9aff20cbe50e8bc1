# RUN: tcc build --emit graph %s
# A conv with its eval-mode BatchNorm and ReLU: the window op, then one
# elementwise nest in place over its output.
import torch
import torch.nn as nn

net = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU())
net.eval()
with torch.no_grad():
    print(net(torch.randn(1, 3, 6, 6)).shape)

# CHECK-STDOUT: graph tcc_kernel_0 {
# CHECK-STDOUT:   %0 = input #0 "args[0]" : float32[1, 3, 6, 6]
# CHECK-STDOUT:   %1 = input #1 "self.0.weight" : float32[4, 3, 3, 3]
# CHECK-STDOUT:   %2 = input #2 "self.0.bias" : float32[4]
# CHECK-STDOUT:   %3 = conv %0, %1, %2 spatial=2 params=[3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1] : float32[1, 4, 6, 6]  // line 232
# CHECK-STDOUT:   %4 = input #3 "self.1.running_mean" : float32[4]
# CHECK-STDOUT:   %5 = reshape %4 : float32[1, 4, 1, 1]  // line 549
# CHECK-STDOUT:   %6 = sub %3, %5 : float32[1, 4, 6, 6]  // line 549
# CHECK-STDOUT:   %7 = input #4 "self.1.running_var" : float32[4]
# CHECK-STDOUT:   %8 = reshape %7 : float32[1, 4, 1, 1]  // line 549
# CHECK-STDOUT:   %9 = constant 1e-05 : float64[]
# CHECK-STDOUT:   %10 = add %8, %9 : float32[1, 4, 1, 1]  // line 549
# CHECK-STDOUT:   %11 = rsqrt %10 : float32[1, 4, 1, 1]  // line 549
# CHECK-STDOUT:   %12 = mul %6, %11 : float32[1, 4, 6, 6]  // line 549
# CHECK-STDOUT:   %13 = input #5 "self.1.weight" : float32[4]
# CHECK-STDOUT:   %14 = reshape %13 : float32[1, 4, 1, 1]  // line 551
# CHECK-STDOUT:   %15 = mul %12, %14 : float32[1, 4, 6, 6]  // line 551
# CHECK-STDOUT:   %16 = input #6 "self.1.bias" : float32[4]
# CHECK-STDOUT:   %17 = reshape %16 : float32[1, 4, 1, 1]  // line 553
# CHECK-STDOUT:   %18 = add %15, %17 : float32[1, 4, 6, 6]  // line 553
# CHECK-STDOUT:   %19 = relu %18 : float32[1, 4, 6, 6]  // line 674
# CHECK-STDOUT:   return %19
# CHECK-STDOUT: }
# CHECK-STDOUT: kernel 0 (window -> %3 float32[1, 4, 6, 6]): conv
# CHECK-STDOUT: kernel 1 (elementwise -> %19 float32[1, 4, 6, 6]): reshape, sub, reshape, constant, add, rsqrt, mul, reshape, mul, reshape, add, relu [epilogue in place of %3]
