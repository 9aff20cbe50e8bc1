# RUN: tcc run --eager %s
# RUN-EXIT: 1
# A convolution whose input has the wrong number of channels fails with
# torch's message (conv_channels_compiled.ts: the same, compiled).
import nn

def layer(x, w):
    return relu(nn.conv2d(x, w, padding=1))

print(layer(ones(1, 4, 5, 5), ones(8, 3, 3, 3)).shape)
