# RUN: tcc explain %s
# Convolution, pooling and padding are graph ops that runtime kernels run
# (`[window]` loop nests: im2col + BLAS for the convolution); batch norm in
# eval mode and relu fuse into one elementwise nest after it. A stride known
# only at run time is an `unsupported` break that names the argument.
import nn

@fullgraph
def block(x, w, rm, rv):
    y = relu(nn.batch_norm(nn.conv2d(x, w, padding=1), rm, rv))
    return nn.max_pool2d(nn.pad(y, (1, 1, 1, 1)), 2)

def strided(x, w, s):
    return nn.conv2d(x, w, stride=[s, 1])

x = ones(1, 2, 6, 6)
w = ones(3, 2, 3, 3)
print(block(x, w, zeros(3), ones(3)).shape)
print(strided(x, w, len(argv()) + 1).shape)
