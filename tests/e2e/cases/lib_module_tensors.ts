# Plain tensor attributes of a module are neither parameters nor state
# (issue 39, part 5), as in torch: only nn.Parameter (parameters(),
# named_parameters(), state_dict()) and register_buffer (buffers(),
# state_dict() when persistent) are. YOLOv5's Detect head sets
# `self.stride = torch.tensor(...)` and registers its anchors as a buffer:
# tcc counted 26,050 parameters for its head where torch counts 26,048 (the
# stride is no parameter). Written after yolov5/models/yolo.py (Detect,
# its _make_grid and the inference decode). PyTorch runs this same text
# (tests/e2e/torch/same_text.py writes lib_module_tensors.torch.txt).
# e2e-kernels: 1
import torch
import torch.nn as nn


class Detect(nn.Module):
    stride = None  # strides computed during build

    def __init__(self, nc=80, anchors=(), ch=()):  # detection layer
        super().__init__()
        self.nc = nc  # number of classes
        self.no = nc + 5  # number of outputs per anchor
        self.nl = len(anchors)  # number of detection layers
        self.na = len(anchors[0]) // 2  # number of anchors
        self.grid = [torch.empty(0) for _ in range(self.nl)]  # init grid
        self.anchor_grid = [torch.empty(0) for _ in range(self.nl)]  # init anchor grid
        self.register_buffer('anchors', torch.tensor(anchors).float().view(self.nl, -1, 2))  # shape(nl,na,2)
        self.m = nn.ModuleList(nn.Conv2d(x, self.no * self.na, 1) for x in ch)  # output conv

    def forward(self, x):
        z = []  # inference output
        for i in range(self.nl):
            x[i] = self.m[i](x[i])  # conv
            bs, _, ny, nx = x[i].shape  # x(bs,255,20,20) to x(bs,3,20,20,85)
            x[i] = x[i].view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
            self.grid[i], self.anchor_grid[i] = self._make_grid(nx, ny, i)
            xy, wh, conf = x[i].sigmoid().split((2, 2, self.nc + 1), 4)
            xy = (xy * 2 + self.grid[i]) * self.stride[i]  # xy
            wh = (wh * 2) ** 2 * self.anchor_grid[i]  # wh
            y = torch.cat((xy, wh, conf), 4)
            z.append(y.view(bs, self.na * nx * ny, self.no))
        return torch.cat(z, 1)

    def _make_grid(self, nx=20, ny=20, i=0):
        d = self.anchors[i].device
        t = self.anchors[i].dtype
        shape = 1, self.na, ny, nx, 2  # grid shape
        y, x = torch.arange(ny, device=d, dtype=t), torch.arange(nx, device=d, dtype=t)
        yv, xv = torch.meshgrid(y, x, indexing='ij')
        grid = torch.stack((xv, yv), 2).expand(shape) - 0.5  # add grid offset, i.e. y = 2.0 * x - 0.5
        anchor_grid = (self.anchors[i] * self.stride[i]).view((1, self.na, 1, 1, 2)).expand(shape)
        return grid, anchor_grid


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 2)
        self.scale = nn.Parameter(torch.ones(2))
        self.offset = torch.zeros(2)  # a plain tensor: not a parameter
        self.register_buffer("running", torch.zeros(2), persistent=False)
        self.register_parameter("gain", nn.Parameter(torch.full((2,), 0.5)))

    def forward(self, x):
        return self.proj(x) * self.scale * self.gain + self.offset + self.running


torch.manual_seed(0)
anchors = [[10, 13, 16, 30, 33, 23], [30, 61, 62, 45, 59, 119], [116, 90, 156, 198, 373, 326]]
head = Detect(nc=80, anchors=anchors, ch=(64, 128, 256))
head.stride = torch.tensor([8., 16., 32.])
print(sum(p.numel() for p in head.parameters()), len(list(head.parameters())))
print([k for k, _ in head.named_parameters()])
print(list(head.state_dict().keys()), [k for k, _ in head.named_buffers()])
x = [torch.randn(1, 64, 4, 4), torch.randn(1, 128, 2, 2), torch.randn(1, 256, 1, 1)]
with torch.no_grad():
    out = head(x)
print(out.shape, out[0, :3, :6])
head.double()
print(head.stride.dtype, head.anchors.dtype, head.m[0].weight.dtype, len(list(head.parameters())))

s = Scaled()
print([k for k, _ in s.named_parameters()], list(s.state_dict().keys()), [k for k, _ in s.named_buffers()])
print(sum(p.numel() for p in s.parameters()))
try:
    s.register_parameter("bad", torch.ones(1))
except TypeError as e:
    print("TypeError:", e)
with torch.no_grad():
    print(s(torch.ones(1, 3)))
