# Python slice objects (issue 39, part 5): slice(stop), slice(start, stop[,
# step]), slice(None, -3), .start/.stop/.step and the printed form, used as
# subscripts of tensors (read and write), lists, tuples and strs. The Swin
# Transformer block builds its shifted-window attention mask this way
# (timm's SwinTransformerBlock.__init__, window_partition as timm writes it).
# PyTorch runs this same text (tests/e2e/torch/same_text.py writes
# lib_slice_objects.torch.txt).
# e2e-kernels: 2
import torch


def window_partition(x, window_size):
    B, H, W, C = x.shape
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    windows = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size, window_size, C)
    return windows


def shifted_window_mask(H, W, window_size, shift_size):
    img_mask = torch.zeros((1, H, W, 1))  # 1 H W 1
    h_slices = (slice(0, -window_size),
                slice(-window_size, -shift_size),
                slice(-shift_size, None))
    w_slices = (slice(0, -window_size),
                slice(-window_size, -shift_size),
                slice(-shift_size, None))
    cnt = 0
    for h in h_slices:
        for w in w_slices:
            img_mask[:, h, w, :] = cnt
            cnt += 1
    mask_windows = window_partition(img_mask, window_size)  # nW, window_size, window_size, 1
    mask_windows = mask_windows.view(-1, window_size * window_size)
    attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)
    attn_mask = attn_mask.masked_fill(attn_mask != 0, float(-100.0)).masked_fill(attn_mask == 0, float(0.0))
    return img_mask, attn_mask


def crop(x, sl):
    return x[..., sl, sl] * 2.0


img_mask, attn_mask = shifted_window_mask(8, 8, 4, 2)
print(img_mask[0, :, :, 0])
print(attn_mask.shape, attn_mask[3, :6, :6], (attn_mask == 0).sum())
s = slice(1, 7, 2)
print(s, s.start, s.stop, s.step, slice(5), slice(None, -3), slice(-3, None), repr(slice(0, None, -1)))
print(crop(torch.arange(16.0).reshape(4, 4), slice(1, 3)), crop(torch.ones(2, 5, 5), slice(None, -3)).shape)
xs = list(range(10))
print(xs[s], xs[slice(None, -3)], xs[slice(4)], xs[slice(None, None, -2)], "abcdefgh"[s], tuple(xs)[slice(-3, None)])
t = torch.arange(10)
t[slice(2, 5)] = 0
print(t, t[slice(2, 8, 3)], t[slice(-3, None)])
try:
    slice()
except TypeError as e:
    print("TypeError:", e)
try:
    xs[slice(1, 2, 0)]
except ValueError as e:
    print("ValueError:", e)
try:
    t[slice(None, None, -1)]
except ValueError as e:
    print("ValueError")
