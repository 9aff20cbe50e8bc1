# torch.save then torch.load, as training scripts checkpoint: a state_dict,
# numbers, strings, tuples, int64, bool, float64 and non-contiguous tensors.
# The file is PyTorch's zip format (PyTorch's torch.load reads it). PyTorch
# runs this same text (tests/e2e/torch/same_text.py writes
# torch_save.torch.txt). It writes to /tmp (not the case folder); the write is
# atomic, so runs in parallel agree.
import torch
import torch.nn as nn

torch.manual_seed(5)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
ckpt = {
    "model": model.state_dict(),
    "step": 7,
    "lr": 3e-4,
    "names": ["a", "b"],
    "pair": (1, None, True),
    "big": 2 ** 40,
    "ints": torch.tensor([1, -5]),
    "mask": torch.tensor([True, False]),
    "t": torch.arange(6.0).reshape(2, 3).t(),
    "d": torch.ones(2, dtype=torch.float64),
}
torch.save(ckpt, "/tmp/tcc_e2e_torch_save.pt")
back = torch.load("/tmp/tcc_e2e_torch_save.pt")
print(back["step"], back["lr"], back["names"], back["pair"], back["big"])
print(back["t"], back["ints"], back["mask"], back["d"])
print(list(back["model"].keys()))
restored = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
restored.load_state_dict(back["model"])
x = torch.randn(2, 3)
with torch.no_grad():
    print(torch.allclose(restored(x), model(x)), restored(x))
