# A Stable-Diffusion VAE decoder (diffusers' Decoder: ResnetBlock2D,
# the mid-block attention, UpDecoderBlock2D with Upsample2D), small, as
# written; its blocks record what they saw (`self.last_shape = x.shape`,
# `self.mid_features = h`), which torch.compile replays as stores.
# e2e-kernels: 1
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResnetBlock2D(nn.Module):
    def __init__(self, in_channels, out_channels, groups=4, eps=1e-6):
        super().__init__()
        self.norm1 = nn.GroupNorm(num_groups=groups, num_channels=in_channels, eps=eps, affine=True)
        self.conv1 = nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=1, padding=1)
        self.norm2 = nn.GroupNorm(num_groups=groups, num_channels=out_channels, eps=eps, affine=True)
        self.conv2 = nn.Conv2d(out_channels, out_channels, kernel_size=3, stride=1, padding=1)
        self.nonlinearity = nn.SiLU()
        self.conv_shortcut = None
        if in_channels != out_channels:
            self.conv_shortcut = nn.Conv2d(in_channels, out_channels, kernel_size=1, stride=1, padding=0)
        self.last_shape = None

    def forward(self, input_tensor):
        self.last_shape = input_tensor.shape
        hidden_states = input_tensor
        hidden_states = self.norm1(hidden_states)
        hidden_states = self.nonlinearity(hidden_states)
        hidden_states = self.conv1(hidden_states)
        hidden_states = self.norm2(hidden_states)
        hidden_states = self.nonlinearity(hidden_states)
        hidden_states = self.conv2(hidden_states)
        if self.conv_shortcut is not None:
            input_tensor = self.conv_shortcut(input_tensor)
        return input_tensor + hidden_states


class Attention(nn.Module):
    def __init__(self, channels, groups=4):
        super().__init__()
        self.group_norm = nn.GroupNorm(num_channels=channels, num_groups=groups, eps=1e-6, affine=True)
        self.to_q = nn.Linear(channels, channels)
        self.to_k = nn.Linear(channels, channels)
        self.to_v = nn.Linear(channels, channels)
        self.to_out = nn.ModuleList([nn.Linear(channels, channels), nn.Dropout(0.0)])
        self.scale = channels ** -0.5

    def forward(self, hidden_states):
        residual = hidden_states
        batch, channel, height, width = hidden_states.shape
        hidden_states = self.group_norm(hidden_states)
        hidden_states = hidden_states.view(batch, channel, height * width).transpose(1, 2)
        q = self.to_q(hidden_states)
        k = self.to_k(hidden_states)
        v = self.to_v(hidden_states)
        attn = torch.baddbmm(torch.empty(q.shape[0], q.shape[1], k.shape[1]), q, k.transpose(-1, -2),
                             beta=0, alpha=self.scale).softmax(dim=-1)
        hidden_states = torch.bmm(attn, v)
        hidden_states = self.to_out[0](hidden_states)
        hidden_states = self.to_out[1](hidden_states)
        hidden_states = hidden_states.transpose(-1, -2).reshape(batch, channel, height, width)
        return hidden_states + residual


class Upsample2D(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, hidden_states):
        hidden_states = F.interpolate(hidden_states, scale_factor=2.0, mode="nearest")
        return self.conv(hidden_states)


class UpDecoderBlock2D(nn.Module):
    def __init__(self, in_channels, out_channels, num_layers=2, add_upsample=True):
        super().__init__()
        resnets = []
        for i in range(num_layers):
            resnets.append(ResnetBlock2D(in_channels if i == 0 else out_channels, out_channels))
        self.resnets = nn.ModuleList(resnets)
        self.upsamplers = nn.ModuleList([Upsample2D(out_channels)]) if add_upsample else None

    def forward(self, hidden_states):
        for resnet in self.resnets:
            hidden_states = resnet(hidden_states)
        if self.upsamplers is not None:
            for upsampler in self.upsamplers:
                hidden_states = upsampler(hidden_states)
        return hidden_states


class Decoder(nn.Module):
    def __init__(self, in_channels=4, out_channels=3, block_out_channels=(16, 8)):
        super().__init__()
        self.conv_in = nn.Conv2d(in_channels, block_out_channels[-1], kernel_size=3, stride=1, padding=1)
        self.mid_resnet1 = ResnetBlock2D(block_out_channels[-1], block_out_channels[-1])
        self.mid_attn = Attention(block_out_channels[-1])
        self.mid_resnet2 = ResnetBlock2D(block_out_channels[-1], block_out_channels[-1])
        self.up_blocks = nn.ModuleList([])
        reversed_block_out_channels = list(reversed(block_out_channels))
        output_channel = reversed_block_out_channels[0]
        for i in range(len(block_out_channels)):
            prev_output_channel = output_channel
            output_channel = reversed_block_out_channels[i]
            is_final_block = i == len(block_out_channels) - 1
            self.up_blocks.append(UpDecoderBlock2D(prev_output_channel, output_channel, add_upsample=not is_final_block))
        self.conv_norm_out = nn.GroupNorm(num_channels=block_out_channels[0], num_groups=4, eps=1e-6)
        self.conv_act = nn.SiLU()
        self.conv_out = nn.Conv2d(block_out_channels[0], out_channels, 3, padding=1)
        self.mid_features = None

    def forward(self, z):
        sample = self.conv_in(z)
        sample = self.mid_resnet1(sample)
        sample = self.mid_attn(sample)
        sample = self.mid_resnet2(sample)
        self.mid_features = sample
        for up_block in self.up_blocks:
            sample = up_block(sample)
        sample = self.conv_norm_out(sample)
        sample = self.conv_act(sample)
        sample = self.conv_out(sample)
        return sample


torch.manual_seed(0)
decoder = Decoder()
decoder.eval()
scaling_factor = 0.18215
with torch.no_grad():
    for step in range(3):
        latents = torch.randn(1, 4, 4, 4)
        image = decoder(latents / scaling_factor)
        image = (image / 2 + 0.5).clamp(0, 1)
        print(step, image.shape, round(image.mean().item(), 5), round(image.std().item(), 5))
        print("  mid features", decoder.mid_features.shape, round(decoder.mid_features.abs().mean().item(), 5))
        print("  first resnet saw", decoder.up_blocks[0].resnets[0].last_shape,
              "last saw", decoder.up_blocks[1].resnets[1].last_shape)
