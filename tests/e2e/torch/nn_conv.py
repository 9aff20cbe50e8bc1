# The PyTorch twin of tests/e2e/cases/nn_conv.ts; its output is
# nn_conv.torch.txt beside the case:
#   /usr/bin/python3 tests/e2e/torch/nn_conv.py > tests/e2e/cases/nn_conv.torch.txt
import torch
import torch.nn.functional as F
from torch import arange, tensor, relu

def vals(shape, m, off, scale):
    n = 1
    for s in shape:
        n = n * s
    return (arange(n).reshape(shape) % m - off) * scale

def convs2d(x, w, b, wg, we):
    return [
        F.conv2d(x, w),
        F.conv2d(x, w, b),
        F.conv2d(x, w, b, stride=2),
        F.conv2d(x, w, bias=b, padding=1),
        F.conv2d(x, w, b, stride=(2, 1), padding=(1, 2)),
        F.conv2d(x, w, b, dilation=2, padding=2),
        F.conv2d(x, wg, groups=3),
        F.conv2d(x, we, b, padding="same"),
        F.conv2d(x, we, padding="valid", dilation=(1, 2)),
        F.conv2d(x[0], w, b, padding=1),
        relu(F.conv2d(x, w, b, padding=1)) * 0.5,
    ]

def convs1d(x, w, b, wg):
    return [
        F.conv1d(x, w),
        F.conv1d(x, w, b, stride=2, padding=1),
        F.conv1d(x, w, b, dilation=2),
        F.conv1d(x, wg, groups=3, padding="same"),
        F.conv1d(x[1], w, b),
    ]

def pools(x):
    return [
        F.max_pool2d(x, 2),
        F.max_pool2d(x, 3, stride=2, padding=1),
        F.max_pool2d(x, (2, 3), stride=(1, 2), dilation=(2, 1)),
        F.max_pool2d(x, 2, ceil_mode=True),
        F.max_pool2d(x[0], kernel_size=3, stride=2, ceil_mode=True),
        F.avg_pool2d(x, 2),
        F.avg_pool2d(x, 3, stride=2, padding=1),
        F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False),
        F.avg_pool2d(x, 2, ceil_mode=True),
        F.avg_pool2d(x, 3, 2, 1, True, False),
        F.adaptive_avg_pool2d(x, (3, 2)),
        F.adaptive_avg_pool2d(x, 1),
        F.adaptive_avg_pool2d(x, (None, 4)),
        F.max_pool1d(x[0], 2),
        F.avg_pool1d(x[0], 3, stride=2, padding=1),
        F.adaptive_avg_pool1d(x[0], 4),
    ]

def pads(x, i):
    return [
        F.pad(x, (1, 2)),
        F.pad(x, (1, 1, 2, 0), value=-1.5),
        F.pad(x, [-1, 1, 0, -2]),
        F.pad(x, (2, 1, 1, 2), mode="reflect"),
        F.pad(x, (2, 1, 1, 2), mode="replicate"),
        F.pad(x[0], (1, 1), "reflect"),
        F.pad(i, (1, 0), value=7),
    ]

def norms(x, rm, rv, w, b):
    return F.batch_norm(x, rm, rv, w, b), F.batch_norm(x, rm, rv, eps=0.1)

def train_norm(x, rm, rv, w, b):
    return F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.2)

def wino(x, w, b, wg):
    return [
        F.conv2d(x, w, b, padding=1),
        F.conv2d(x, w),
        F.conv2d(x, wg, b, padding=(2, 0), groups=2),
        relu(F.conv2d(x, w, b, padding=1)),
    ]


def epilogues(x, w, b, s, t):
    y = F.conv2d(x, w, b, padding=1)
    return [
        relu(y * s.view(1, -1, 1, 1) + t.view(1, -1, 1, 1)),
        F.max_pool2d(x, 2) * 2.0 - 1.0,
        F.avg_pool2d(x, 3, stride=1, padding=1) + x,
        F.pad(x, (1, 1, 1, 1)) * 0.5,
    ]

def conv_kept(x, w):
    y = F.conv2d(x, w, padding=1)
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
show("pool_nan", [F.max_pool2d(xn, 2), F.avg_pool2d(xn, 2)])
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
