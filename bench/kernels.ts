# The issue-5 benchmark kernels as TensorScript functions. bench/run.sh runs
# this program as `kernels.ts KERNEL N`: N calls of one kernel (run.sh
# subtracts the time of 1 call from that of N + 1: set-up and warm-up). Inputs are float32 and made
# once at module scope; every function is one compiled graph.
import nn

def chain(x, a, b):
    return relu(x * a + b) * sigmoid(x) - tanh(x) / 2

def softmax(x):
    return nn.softmax(x, 1)

def layer_norm(x, w, b):
    return nn.layer_norm(x, w, b)

def mlp(x, w1, b1, w2, b2):
    return relu(x @ w1 + b1) @ w2 + b2

# The MLP's two matrix products alone (h: an input of relu(x @ w1 + b1)'s shape).
def mlp_gemms(x, w1, h, w2):
    return x @ w1, h @ w2

def total(x):
    return sum(x)

def largest(x):
    return max(x)

# both statistics of one tensor: one pass over x (sibling reductions)
def sum_and_max(x):
    return x.sum(), x.max()

# a ResNet layer-1 convolution (3x3, stride 1, padding 1) with its epilogue
def conv(x, w, b):
    return relu(nn.conv2d(x, w, b, padding=1))

# The graph-break loop (issue 14): graph 1 (mul, add, tanh, and the test's
# sum, gt, as torch.compile's graph 1 returns the bool tensor), the break is
# the `if`'s bool conversion (the branch runs in the interpreter), graph 2
# (the add).
def gb_step(x, w):
    x = tanh(x * 0.9 + w)
    if x.sum() > 0:
        d = -0.01
    else:
        d = 0.01
    return x + d

# A GPT-2-style block (causal self-attention, 8 heads, tanh-GELU MLP, pre-norm
# layer norms, residuals), written as GPT-2's PyTorch code is.
def gpt_block(x, ln1_w, ln1_b, attn_w, attn_b, aproj_w, aproj_b, ln2_w, ln2_b, fc_w, fc_b, mproj_w, mproj_b):
    b, t, c = x.shape
    hs = c // 8
    q, k, v = nn.linear(nn.layer_norm(x, ln1_w, ln1_b), attn_w, attn_b).chunk(3, dim=-1)
    q = q.view(b, t, 8, hs).transpose(1, 2)
    k = k.view(b, t, 8, hs).transpose(1, 2)
    v = v.view(b, t, 8, hs).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * (1.0 / hs ** 0.5)
    causal = tril(ones(t, t)).view(1, 1, t, t)
    att = nn.softmax(att.masked_fill(causal == 0, float("-inf")), dim=-1)
    y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
    x = x + nn.linear(y, aproj_w, aproj_b)
    h = nn.gelu(nn.linear(nn.layer_norm(x, ln2_w, ln2_b), fc_w, fc_b), approximate="tanh")
    return x + nn.linear(h, mproj_w, mproj_b)

# The block's matrix products alone, with its operands' layouts: weights
# [out, in] used transposed (as nn.linear), q/k/v as head views of one
# [B, T, 3C] tensor, att @ v written transposed into [B, T, C] for aproj.
def gpt_gemms(h, attn_w, qkv, att, aproj_w, fc_w, g, mproj_w):
    b, t, c3 = qkv.shape
    c = c3 // 3
    q, k, v = qkv.chunk(3, dim=-1)
    q = q.view(b, t, 8, c // 8).transpose(1, 2)
    k = k.view(b, t, 8, c // 8).transpose(1, 2)
    v = v.view(b, t, 8, c // 8).transpose(1, 2)
    y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
    return h @ attn_w.T, q @ k.transpose(-2, -1), y @ aproj_w.T, h @ fc_w.T, g @ mproj_w.T

# ResNet-18 (torchvision's layout: 7x7 stem, max pool, 4 stages of 2 basic
# blocks at 64-512 channels, 1x1 stride-2 downsample shortcuts, average pool,
# a 1000-way linear head), in eval mode, written as PyTorch users write it.
# Its parameters are deterministic waves sin(arange(n) * f) * scale, the same
# in kernels.py (written out, not through a helper function: a compiled
# helper is specialised on its Python numbers, and 130 different ones would
# each fail its guards and warn).
class ConvBN:
    def __init__(self, c_in, c_out, k, stride, padding, seed):
        fan = c_in * k * k
        self.weight = (sin(arange(c_out * fan) * (0.1 + 0.0137 * seed)) * (3.0 / fan) ** 0.5).reshape(c_out, c_in, k, k)
        self.mean = sin(arange(c_out) * (0.3 + 0.011 * seed)) * 0.1
        self.var = (sin(arange(c_out) * (0.7 + 0.013 * seed)) * 0.5) ** 2 + 1.0
        self.gamma = sin(arange(c_out) * (0.5 + 0.017 * seed)) * 0.1 + 1.0
        self.beta = sin(arange(c_out) * (0.9 + 0.019 * seed)) * 0.1
        self.stride = stride
        self.padding = padding

    def forward(self, x):
        y = nn.conv2d(x, self.weight, None, stride=self.stride, padding=self.padding)
        return nn.batch_norm(y, self.mean, self.var, self.gamma, self.beta, training=False)

class BasicBlock:
    def __init__(self, c_in, c_out, stride, seed):
        self.conv1 = ConvBN(c_in, c_out, 3, stride, 1, seed)
        self.conv2 = ConvBN(c_out, c_out, 3, 1, 1, seed + 1)
        self.down = None
        if stride != 1 or c_in != c_out:
            self.down = ConvBN(c_in, c_out, 1, stride, 0, seed + 2)

    def forward(self, x):
        out = self.conv2.forward(relu(self.conv1.forward(x)))
        identity = x if self.down is None else self.down.forward(x)
        return relu(out + identity)

class ResNet18:
    def __init__(self):
        self.stem = ConvBN(3, 64, 7, 2, 3, 0)
        self.blocks = []
        c_in = 64
        seed = 1
        for c_out, stride in [(64, 1), (128, 2), (256, 2), (512, 2)]:
            self.blocks.append(BasicBlock(c_in, c_out, stride, seed))
            self.blocks.append(BasicBlock(c_out, c_out, 1, seed + 3))
            c_in = c_out
            seed += 6
        self.fc_w = (sin(arange(512000) * 0.031) * 0.04).reshape(1000, 512)
        self.fc_b = sin(arange(1000) * 0.29) * 0.01

    def forward(self, x):
        x = nn.max_pool2d(relu(self.stem.forward(x)), 3, stride=2, padding=1)
        for block in self.blocks:
            x = block.forward(x)
        return nn.linear(flatten(nn.adaptive_avg_pool2d(x, (1, 1)), 1), self.fc_w, self.fc_b)

@fullgraph
def resnet18(model, x):
    return model.forward(x)

# A DDPM-style sampler: 200 denoising steps of an MLP noise model (64 -> 256
# -> 64) over a batch of 128, reading the step's schedule entries by the loop
# variable. The loop rolls: one body of kernels run 200 times.
def ddpm_eps(x, w1, b1, w2, b2):
    return relu(x @ w1 + b1) @ w2 + b2

@fullgraph
def ddpm(x, betas, w1, b1, w2, b2):
    alphas = 1.0 - betas
    alpha_bar = cumprod(alphas, 0)
    for t in reversed(range(betas.shape[0])):
        eps = ddpm_eps(x, w1, b1, w2, b2)
        x = (x - betas[t] / sqrt(1 - alpha_bar[t]) * eps) / sqrt(alphas[t])
    return x

args = argv()
kernel = args[0] if len(args) > 0 else "chain"
n = int(args[1]) if len(args) > 1 else 1
# Inputs: smooth deterministic data made with a few fast eager ops (random
# generation of 2^24 numbers would dominate the set-up time).
def data(n, scale):
    return sin(arange(n) * 0.37) * scale

if kernel == "chain":
    x = data(16777216, 4.0)
    for i in range(n):
        y = chain(x, 1.5, 0.5)
elif kernel == "softmax":
    x = data(4194304, 3.0).reshape(4096, 1024)
    for i in range(n):
        y = softmax(x)
elif kernel == "layer_norm":
    x = data(4194304, 3.0).reshape(4096, 1024)
    w = data(1024, 1.0) + 1.0
    b = data(1024, 0.5)
    for i in range(n):
        y = layer_norm(x, w, b)
elif kernel == "mlp" or kernel == "mlp_gemms":
    x = data(262144, 1.0).reshape(256, 1024)
    w1 = data(4194304, 0.03).reshape(1024, 4096)
    b1 = data(4096, 0.1)
    w2 = data(4194304, 0.03).reshape(4096, 1024)
    b2 = data(1024, 0.1)
    if kernel == "mlp":
        for i in range(n):
            y = mlp(x, w1, b1, w2, b2)
    else:
        h = data(1048576, 1.0).reshape(256, 4096)
        for i in range(n):
            y = mlp_gemms(x, w1, h, w2)
elif kernel == "sum":
    x = data(16777216, 1.0)
    for i in range(n):
        y = total(x)
elif kernel == "max":
    x = data(16777216, 1.0)
    for i in range(n):
        y = largest(x)
elif kernel == "sum_max":
    x = data(16777216, 1.0)
    for i in range(n):
        y = sum_and_max(x)
elif kernel == "conv2d":
    x = data(1605632, 1.0).reshape(8, 64, 56, 56)
    w = data(36864, 0.05).reshape(64, 64, 3, 3)
    b = data(64, 0.1)
    for i in range(n):
        y = conv(x, w, b)
elif kernel == "gbreak":
    x = data(1024, 1.0)
    w = cos(arange(1024) * 0.11) * 0.1
    for i in range(n):
        x = gb_step(x, w)
    print("gbreak checksum", x.sum().item())
elif kernel == "gpt" or kernel == "gpt_check":
    # B=4, T=256, C=512; `gpt_check DIR` saves the inputs and the output as
    # .npy for kernels.py's PyTorch check.
    def wave(n, scale, f):
        return sin(arange(n) * f) * scale
    names = ["x", "ln1_w", "ln1_b", "attn_w", "attn_b", "aproj_w", "aproj_b", "ln2_w", "ln2_b", "fc_w", "fc_b", "mproj_w", "mproj_b"]
    ps = [wave(524288, 1.0, 0.37).reshape(4, 256, 512), wave(512, 0.1, 0.5) + 1.0, wave(512, 0.02, 0.7),
          wave(786432, 0.05, 0.013).reshape(1536, 512), wave(1536, 0.02, 0.3),
          wave(262144, 0.05, 0.017).reshape(512, 512), wave(512, 0.02, 0.9),
          wave(512, 0.1, 0.6) + 1.0, wave(512, 0.02, 0.8),
          wave(1048576, 0.05, 0.011).reshape(2048, 512), wave(2048, 0.02, 0.4),
          wave(1048576, 0.03, 0.019).reshape(512, 2048), wave(512, 0.02, 1.1)]
    for i in range(n):
        y = gpt_block(ps[0], ps[1], ps[2], ps[3], ps[4], ps[5], ps[6], ps[7], ps[8], ps[9], ps[10], ps[11], ps[12])
    if kernel == "gpt_check":
        for j in range(len(names)):
            save(args[2] + "/" + names[j] + ".npy", ps[j])
        save(args[2] + "/y_tcc.npy", y)
elif kernel == "ddpm" or kernel == "ddpm_check":
    # `ddpm_check DIR` saves the inputs and the sample as .npy for kernels.py's PyTorch check
    names = ["x", "betas", "w1", "b1", "w2", "b2"]
    ps = [data(8192, 1.0).reshape(128, 64), linspace(1e-4, 0.02, 200), (cos(arange(16384) * 0.7) * 0.1).reshape(64, 256),
          data(256, 0.05), (cos(arange(16384) * 0.3) * 0.06).reshape(256, 64), data(64, 0.02)]
    for i in range(n):
        y = ddpm(ps[0], ps[1], ps[2], ps[3], ps[4], ps[5])
    if kernel == "ddpm_check":
        for j in range(len(names)):
            save(args[2] + "/" + names[j] + ".npy", ps[j])
        save(args[2] + "/y_tcc.npy", y)
elif kernel == "resnet" or kernel == "resnet_check":
    # batch 4 of 3x224x224; `resnet_check DIR` saves the input and the logits
    # as .npy for kernels.py's PyTorch check
    model = ResNet18()
    x = data(602112, 1.0).reshape(4, 3, 224, 224)
    for i in range(n):
        y = resnet18(model, x)
    if kernel == "resnet_check":
        save(args[2] + "/x.npy", x)
        save(args[2] + "/y_tcc.npy", y)
elif kernel == "gpt_gemms":
    h = data(524288, 1.0).reshape(4, 256, 512)
    attn_w = data(786432, 0.05).reshape(1536, 512)
    qkv = data(1572864, 1.0).reshape(4, 256, 1536)
    att = data(2097152, 0.01).reshape(4, 8, 256, 256)
    aproj_w = data(262144, 0.05).reshape(512, 512)
    fc_w = data(1048576, 0.05).reshape(2048, 512)
    g = data(2097152, 1.0).reshape(4, 256, 2048)
    mproj_w = data(1048576, 0.05).reshape(512, 2048)
    for i in range(n):
        r = gpt_gemms(h, attn_w, qkv, att, aproj_w, fc_w, g, mproj_w)
print(kernel, n)
