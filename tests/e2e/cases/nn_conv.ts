# nn.conv1d/conv2d, pooling, pad and batch_norm with the keywords PyTorch
# code passes (stride, padding incl. "same"/"valid", dilation, groups,
# ceil_mode, count_include_pad, unbatched inputs), compiled (each function is
# one graph of window kernels), eager and against PyTorch
# (tests/e2e/torch/nn_conv.py wrote nn_conv.torch.txt). `wino` has
# the shapes of the Winograd kernel (3x3, stride 1, 8+ channels per group,
# 32+ tiles of 2x2 outputs).
# e2e-kernels: 7
import nn

def vals(shape, m, off, scale):
    n = 1
    for s in shape:
        n = n * s
    return (arange(n).reshape(shape) % m - off) * scale

@fullgraph
def convs2d(x, w, b, wg, we):
    return [
        nn.conv2d(x, w),
        nn.conv2d(x, w, b),
        nn.conv2d(x, w, b, stride=2),
        nn.conv2d(x, w, bias=b, padding=1),
        nn.conv2d(x, w, b, stride=(2, 1), padding=(1, 2)),
        nn.conv2d(x, w, b, dilation=2, padding=2),
        nn.conv2d(x, wg, groups=3),
        nn.conv2d(x, we, b, padding="same"),
        nn.conv2d(x, we, padding="valid", dilation=(1, 2)),
        nn.conv2d(x[0], w, b, padding=1),
        relu(nn.conv2d(x, w, b, padding=1)) * 0.5,
    ]

@fullgraph
def convs1d(x, w, b, wg):
    return [
        nn.conv1d(x, w),
        nn.conv1d(x, w, b, stride=2, padding=1),
        nn.conv1d(x, w, b, dilation=2),
        nn.conv1d(x, wg, groups=3, padding="same"),
        nn.conv1d(x[1], w, b),
    ]

@fullgraph
def pools(x):
    return [
        nn.max_pool2d(x, 2),
        nn.max_pool2d(x, 3, stride=2, padding=1),
        nn.max_pool2d(x, (2, 3), stride=(1, 2), dilation=(2, 1)),
        nn.max_pool2d(x, 2, ceil_mode=True),
        nn.max_pool2d(x[0], kernel_size=3, stride=2, ceil_mode=True),
        nn.avg_pool2d(x, 2),
        nn.avg_pool2d(x, 3, stride=2, padding=1),
        nn.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False),
        nn.avg_pool2d(x, 2, ceil_mode=True),
        nn.avg_pool2d(x, 3, 2, 1, True, False),
        nn.adaptive_avg_pool2d(x, (3, 2)),
        nn.adaptive_avg_pool2d(x, 1),
        nn.adaptive_avg_pool2d(x, (None, 4)),
        nn.max_pool1d(x[0], 2),
        nn.avg_pool1d(x[0], 3, stride=2, padding=1),
        nn.adaptive_avg_pool1d(x[0], 4),
    ]

@fullgraph
def pads(x, i):
    return [
        nn.pad(x, (1, 2)),
        nn.pad(x, (1, 1, 2, 0), value=-1.5),
        nn.pad(x, [-1, 1, 0, -2]),
        nn.pad(x, (2, 1, 1, 2), mode="reflect"),
        nn.pad(x, (2, 1, 1, 2), mode="replicate"),
        nn.pad(x[0], (1, 1), "reflect"),
        nn.pad(i, (1, 0), value=7),
    ]

@fullgraph
def norms(x, rm, rv, w, b):
    return nn.batch_norm(x, rm, rv, w, b), nn.batch_norm(x, rm, rv, eps=0.1)

@fullgraph
def train_norm(x, rm, rv, w, b):
    return nn.batch_norm(x, rm, rv, w, b, training=True, momentum=0.2)

@fullgraph
def wino(x, w, b, wg):
    # 3x3 stride 1, >= 8 channels per group, >= 32 tiles: the Winograd kernel
    return [
        nn.conv2d(x, w, b, padding=1),
        nn.conv2d(x, w),
        nn.conv2d(x, wg, b, padding=(2, 0), groups=2),
        relu(nn.conv2d(x, w, b, padding=1)),
    ]

# Elementwise epilogues over a window op's output: run in place over the
# conv's (pool's, pad's) buffer where that output is read only there and at
# the nest's own index; a copy otherwise (a graph output, a transposed read).
@fullgraph
def epilogues(x, w, b, s, t):
    y = nn.conv2d(x, w, b, padding=1)
    return [
        relu(y * s.view(1, -1, 1, 1) + t.view(1, -1, 1, 1)),
        nn.max_pool2d(x, 2) * 2.0 - 1.0,
        nn.avg_pool2d(x, 3, stride=1, padding=1) + x,
        nn.pad(x, (1, 1, 1, 1)) * 0.5,
    ]

@fullgraph
def conv_kept(x, w):
    y = nn.conv2d(x, w, padding=1)
    return [y, relu(y), y + y.transpose(2, 3)]

def show(name, ts):
    for k in range(len(ts)):
        t = ts[k]
        print(name, k, t.dtype, list(t.shape), t.tolist())

x = vals([2, 3, 7, 6], 11, 5.0, 0.25)
w = vals([4, 3, 3, 3], 7, 3.0, 0.1)
b = tensor([0.5, -1.0, 0.25, 2.0])
wg = vals([6, 1, 2, 2], 5, 2.0, 0.3)
we = vals([4, 3, 2, 3], 9, 4.0, 0.05)
show("conv2d", convs2d(x, w, b, wg, we))
show("conv2d_f64", convs2d(x.double(), w.double(), b.double(), wg.double(), we.double()))
x1 = vals([2, 3, 9], 13, 6.0, 0.2)
w1 = vals([4, 3, 3], 5, 2.0, 0.3)
show("conv1d", convs1d(x1, w1, b, vals([6, 1, 4], 7, 3.0, 0.1)))
xp = vals([2, 3, 7, 6], 17, 8.0, 0.5)
show("pool", pools(xp))
xn = xp.clone()
xn[0, 0, 1, 1] = float("nan")
show("pool_nan", [nn.max_pool2d(xn, 2), nn.avg_pool2d(xn, 2)])
show("pad", pads(x, arange(6).reshape(2, 3)))
rm = tensor([0.5, -0.25, 1.0])
rv = tensor([1.5, 0.5, 2.0])
g = tensor([1.0, 2.0, -0.5])
be = tensor([0.0, 0.1, 0.2])
show("batch_norm", list(norms(x, rm, rv, g, be)))
show("batch_norm_train", [train_norm(x, rm, rv, g, be), rm, rv])
show("batch_norm_train2", [train_norm(x[:, :, 1:3], rm, rv, g, be), rm, rv])
xw = vals([2, 16, 13, 13], 23, 11.0, 0.125)
ww = vals([16, 16, 3, 3], 19, 9.0, 0.03125)
wwg = vals([16, 8, 3, 3], 13, 6.0, 0.0625)
bw = vals([16], 5, 2.0, 0.5)
yw = wino(xw, ww, bw, wwg)
show("wino", [t[1, 5:8] for t in yw] + [t.sum(3) for t in yw])
xe = vals([2, 3, 6, 6], 11, 5.0, 0.25)
se = tensor([1.5, -0.5, 2.0, 0.25])
show("epilogues", epilogues(xe, w, b, se, b * 0.5))
show("conv_kept", conv_kept(xe, w))
