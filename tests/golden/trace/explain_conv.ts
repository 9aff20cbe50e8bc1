# RUN: tcc explain %s
# Convolution, pooling and padding are graph ops that runtime kernels run
# (`[window]` loop nests: im2col + BLAS for the convolution); batch norm in
# eval mode and relu fuse into one elementwise nest after it, which runs in
# place over the conv's output (the conv writes the graph's output buffer).
import nn

@fullgraph
def block(x, w, rm, rv):
    y = relu(nn.batch_norm(nn.conv2d(x, w, padding=1), rm, rv))
    return nn.max_pool2d(nn.pad(y, (1, 1, 1, 1)), 2)

x = ones(1, 2, 6, 6)
w = ones(3, 2, 3, 3)
print(block(x, w, zeros(3), ones(3)).shape)

# CHECK-STDOUT: tcc explain explain_conv.ts
# CHECK-STDOUT:
# CHECK-STDOUT: block(x: float32[1, 2, 6, 6], w: float32[3, 2, 3, 3], rm: float32[3], rv: float32[3])  [@fullgraph]   entered at explain_conv.ts:15:7
# CHECK-STDOUT:   graph 1  10 ops  conv, reshape, sub, reshape, add, rsqrt, mul, relu, pad, max_pool  (lines nn.ts:232, nn.ts:549, 10, nn.ts:481, nn.ts:255)
# CHECK-STDOUT:            fused into 4 loop nests: [window] conv; [elementwise] reshape, sub, reshape, add, rsqrt, mul, relu (in place over the conv); [window] pad; [window] max_pool
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 0 errors
