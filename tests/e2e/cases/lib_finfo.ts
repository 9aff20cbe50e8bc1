# torch.finfo / torch.iinfo (issue 39, part 5): eps, max, min, tiny,
# smallest_normal, bits, resolution, dtype and the printed form, for the
# dtypes TensorScript has, as model code uses them: BERT's extended attention
# mask ((1 - mask) * finfo(dtype).min), a sampler clamping probabilities to
# [eps, 1 - eps], a safe log. Inside compiled functions the dtype is known, so
# the limits are graph constants. PyTorch runs this same text
# (tests/e2e/torch/same_text.py writes lib_finfo.torch.txt).
# e2e-kernels: 3
import torch


def extended_attention_mask(attention_mask, dtype):
    ext = attention_mask[:, None, None, :].to(dtype=dtype)
    return (1.0 - ext) * torch.finfo(dtype).min


def clamp_probs(p):
    eps = torch.finfo(p.dtype).eps
    return p.clamp(min=eps, max=1 - eps)


def safe_log(x):
    return torch.log(x.clamp(min=torch.finfo(x.dtype).tiny))


for d in (torch.float32, torch.float64, torch.float, torch.double):
    f = torch.finfo(d)
    print(d, repr(f.eps), repr(f.max), repr(f.min), repr(f.tiny), f.bits, repr(f.resolution), f.dtype,
          repr(f.smallest_normal))
    print(f)
for d in (torch.int64, torch.int32, torch.long, torch.int):
    i = torch.iinfo(d)
    print(d, i.bits, i.max, i.min, i.dtype)
    print(i)
print(torch.finfo(), torch.finfo() == torch.finfo(torch.float32), torch.finfo(torch.float32) == torch.finfo(torch.float64))
mask = torch.tensor([[1, 1, 0], [1, 0, 0]])
print(extended_attention_mask(mask, torch.float32))
print(extended_attention_mask(mask, torch.float64).flatten().tolist())
print(clamp_probs(torch.tensor([0.0, 0.5, 1.0])).tolist(), clamp_probs(torch.tensor([0.0, 1.0], dtype=torch.float64)).tolist())
print(safe_log(torch.tensor([0.0, 1.0])).tolist())
print(torch.full((2,), torch.iinfo(torch.int32).max, dtype=torch.int32), torch.iinfo(torch.int64).min // 2)
for bad in (lambda: torch.finfo(torch.int64), lambda: torch.iinfo(torch.float32), lambda: torch.iinfo(torch.bool)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
