# The spatial transformer network of PyTorch's tutorial
# (intermediate/spatial_transformer_tutorial.py), as written there: a
# localization net (conv, max-pool, ReLU twice), a regressor to the 2x3
# affine theta initialised to the identity, F.affine_grid and F.grid_sample
# warping the input, then the tutorial's classifier. Also a flow warp as
# optical-flow and registration code writes it (a base grid plus a flow
# field, normalised to [-1, 1], border padding) and every mode/padding pair
# of grid_sample on one grid. The numbers are PyTorch's
# (tests/e2e/torch/same_text.py writes the .torch.txt).
# e2e-kernels: 15
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, 10)

        # Spatial transformer localization-network
        self.localization = nn.Sequential(
            nn.Conv2d(1, 8, kernel_size=7),
            nn.MaxPool2d(2, stride=2),
            nn.ReLU(True),
            nn.Conv2d(8, 10, kernel_size=5),
            nn.MaxPool2d(2, stride=2),
            nn.ReLU(True)
        )

        # Regressor for the 3 * 2 affine matrix
        self.fc_loc = nn.Sequential(
            nn.Linear(10 * 3 * 3, 32),
            nn.ReLU(True),
            nn.Linear(32, 3 * 2)
        )

        # Initialize the weights/bias with identity transformation
        self.fc_loc[2].weight.data.zero_()
        self.fc_loc[2].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))

    # Spatial transformer network forward function
    def stn(self, x):
        xs = self.localization(x)
        xs = xs.view(-1, 10 * 3 * 3)
        theta = self.fc_loc(xs)
        theta = theta.view(-1, 2, 3)

        grid = F.affine_grid(theta, x.size(), align_corners=False)
        x = F.grid_sample(x, grid, align_corners=False)

        return x

    def forward(self, x):
        # transform the input
        x = self.stn(x)

        # Perform the usual forward pass
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, 320)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


def flow_warp(x, flow):
    # x [N, C, H, W], flow [N, 2, H, W] in pixels
    n, _, h, w = x.shape
    ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
    grid = torch.stack((xs, ys), 2).float().unsqueeze(0)
    vgrid = grid + flow.permute(0, 2, 3, 1)
    vx = 2.0 * vgrid[..., 0] / max(w - 1, 1) - 1.0
    vy = 2.0 * vgrid[..., 1] / max(h - 1, 1) - 1.0
    return F.grid_sample(x, torch.stack((vx, vy), dim=3), mode="bilinear", padding_mode="border", align_corners=True)


def r(t, d=4):
    return [round(v, d) for v in t.flatten().tolist()]


torch.manual_seed(0)
model = Net()
model.eval()
x = torch.rand(2, 1, 28, 28)
with torch.no_grad():
    # identity theta: the warp reproduces the input (up to rounding)
    print(round((model.stn(x) - x).abs().max().item(), 5))
    # a rotated, shifted theta
    model.fc_loc[2].bias.data.copy_(torch.tensor([0.8, -0.3, 0.1, 0.3, 0.8, -0.05]))
    warped = model.stn(x)
    print(list(warped.shape), r(warped[0, 0, 10:13, 10:16]), round(warped.sum().item(), 3))
    out = model(x)
    print(list(out.shape), r(out))

img = torch.rand(1, 3, 6, 8)
flow = torch.randn(1, 2, 6, 8) * 1.5
print(r(flow_warp(img, flow)))
print(r(flow_warp(img, torch.zeros(1, 2, 6, 8)) - img, 5))

grid = torch.rand(1, 4, 5, 2) * 2.6 - 1.3
for mode in ["bilinear", "nearest"]:
    for pad in ["zeros", "border", "reflection"]:
        for ac in [False, True]:
            print(mode, pad, ac, r(F.grid_sample(img, grid, mode=mode, padding_mode=pad, align_corners=ac)))
