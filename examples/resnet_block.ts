# A small ResNet (stem conv-bn-relu + max_pool2d, two basic blocks, the
# second with a strided 1x1 downsample shortcut, global average pooling and
# a linear head), written as PyTorch users write it: modules are classes
# with __init__ and forward, layers call torch.nn.functional's names.
#
#   tcc run examples/resnet_block.ts
#
# `predict` is one graph under @fullgraph (`tcc explain` shows 1 graph, no
# breaks): each convolution is an im2col + BLAS kernel with its bias,
# batch norm (eval mode) and relu fuse into the elementwise loop nests
# between them. tests/e2e/torch/resnet_block.py is the same program in
# PyTorch; its output (resnet_block.torch.txt beside this file) is what this
# one must print, compiled and eager.
import nn

class Conv2d:
    def __init__(self, c_in, c_out, k, stride=1, padding=0, bias=False):
        self.weight = randn(c_out, c_in, k, k) * (2.0 / (c_in * k * k)) ** 0.5
        self.bias = randn(c_out) * 0.1 if bias else None
        self.stride = stride
        self.padding = padding

    def forward(self, x):
        return nn.conv2d(x, self.weight, self.bias, stride=self.stride, padding=self.padding)

class BatchNorm2d:
    def __init__(self, c):
        self.weight = 1.0 + 0.1 * randn(c)
        self.bias = 0.1 * randn(c)
        self.running_mean = 0.1 * randn(c)
        self.running_var = 1.0 + 0.5 * rand(c)

    def forward(self, x):
        return nn.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias, training=False)

class BasicBlock:
    def __init__(self, c_in, c_out, stride=1):
        self.conv1 = Conv2d(c_in, c_out, 3, stride, 1)
        self.bn1 = BatchNorm2d(c_out)
        self.conv2 = Conv2d(c_out, c_out, 3, 1, 1)
        self.bn2 = BatchNorm2d(c_out)
        self.downsample = None
        if stride != 1 or c_in != c_out:
            self.downsample = [Conv2d(c_in, c_out, 1, stride), BatchNorm2d(c_out)]

    def forward(self, x):
        identity = x
        out = relu(self.bn1.forward(self.conv1.forward(x)))
        out = self.bn2.forward(self.conv2.forward(out))
        if self.downsample is not None:
            identity = self.downsample[1].forward(self.downsample[0].forward(x))
        return relu(out + identity)

class ResNet:
    def __init__(self, num_classes):
        self.stem = Conv2d(3, 16, 3, 1, 1, bias=True)
        self.bn = BatchNorm2d(16)
        self.layer1 = BasicBlock(16, 16)
        self.layer2 = BasicBlock(16, 32, stride=2)
        self.fc_w = randn(num_classes, 32) * 0.2
        self.fc_b = zeros(num_classes)

    def forward(self, x):
        x = relu(self.bn.forward(self.stem.forward(x)))
        x = nn.max_pool2d(x, 3, stride=2, padding=1)
        x = self.layer1.forward(x)
        x = self.layer2.forward(x)
        x = flatten(nn.adaptive_avg_pool2d(x, (1, 1)), 1)
        return nn.linear(x, self.fc_w, self.fc_b)

@fullgraph
def predict(model, x):
    logits = model.forward(x)
    return logits, nn.softmax(logits, 1)

manual_seed(0)
model = ResNet(10)
x = randn(4, 3, 32, 32)
logits, probs = predict(model, x)
print("logits", list(logits.shape), logits.tolist())
print("probs", list(probs.shape), probs.tolist())
print("classes", argmax(probs, 1).tolist())
