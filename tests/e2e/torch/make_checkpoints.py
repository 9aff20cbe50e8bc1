# Writes the checkpoints examples/torch_checkpoint.ts reads (committed, so CI
# needs no PyTorch): /usr/bin/python3 tests/e2e/torch/make_checkpoints.py examples/data
import sys
import torch
import torch.nn as nn

out = sys.argv[1] if len(sys.argv) > 1 else "."
torch.manual_seed(123)


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 6)
        self.ln = nn.LayerNorm(6)
        self.fc = nn.Linear(6, 4)
        self.head = nn.Linear(6, 10, bias=False)
        self.head.weight = self.emb.weight  # tied: one storage
        self.register_buffer("scale", torch.tensor([0.5, 2.0, 1.0, 1.0]))


m = Tiny()
with torch.no_grad():
    for p in m.parameters():
        p.add_(torch.randn_like(p) * 0.1)  # not the default initialisation
ckpt = {
    "model": m.state_dict(),
    "model_args": {"n_embd": 6, "vocab_size": 10, "bias": True, "dropout": 0.0, "name": "tiny"},
    "iter_num": 250,
    "best_val_loss": 1.2345,
    "history": [3.5, 2.25, (1, "a")],
    "extra": {"transposed": torch.arange(12.0).reshape(3, 4).t(), "ints": torch.tensor([[1, -2], [3, 40000000000]]),
              "mask": torch.tensor([True, False, True]), "f64": torch.linspace(0, 1, 5, dtype=torch.float64),
              "row": torch.arange(20.0).reshape(4, 5)[2], "scalar": torch.tensor(7.5)},
}
torch.save(ckpt, out + "/tiny_ckpt.pt")
torch.save(torch.arange(6.0).reshape(2, 3), out + "/one_tensor.pt")
