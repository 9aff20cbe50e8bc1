# Loading a PyTorch checkpoint: torch.load reads what torch.save wrote (its
# zip format: a nanoGPT-style dict of a state_dict with tied weights and a
# buffer, model arguments, numbers, strings, non-contiguous, int64, bool and
# float64 tensors), and the model is rebuilt from it as PyTorch code does. The
# checkpoints are written by tests/e2e/torch/make_checkpoints.py. PyTorch
# runs this same text (tests/e2e/torch/same_text.py writes
# torch_checkpoint.torch.txt).
#
#   tcc run examples/torch_checkpoint.ts      # from the repository's root
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tiny(nn.Module):
    def __init__(self, n_embd, vocab_size, bias, dropout, name):
        super().__init__()
        self.name = name
        self.emb = nn.Embedding(vocab_size, n_embd)
        self.ln = nn.LayerNorm(n_embd)
        self.fc = nn.Linear(n_embd, 4, bias=bias)
        self.head = nn.Linear(n_embd, vocab_size, bias=False)
        self.head.weight = self.emb.weight
        self.register_buffer("scale", torch.ones(4))

    def forward(self, idx):
        x = self.ln(self.emb(idx))
        return self.fc(x) * self.scale, self.head(x)


ckpt = torch.load("examples/data/tiny_ckpt.pt", map_location="cpu")
print(sorted(ckpt.keys()), ckpt["iter_num"], ckpt["best_val_loss"], ckpt["history"])
print(ckpt["model_args"])
sd = ckpt["model"]
print(list(sd.keys()), sd["fc.weight"].shape, sd["fc.weight"].dtype)
model = Tiny(**ckpt["model_args"])
model.load_state_dict(sd)
model.eval()
with torch.no_grad():
    a, b = model(torch.tensor([[1, 2, 3], [4, 5, 9]]))
    print(a, b[1, 2])
    print(torch.equal(model.head.weight, sd["emb.weight"]), model.scale)
ex = ckpt["extra"]
for k in ex:
    print(k, ex[k].dtype, ex[k].shape, ex[k])
t = torch.load("examples/data/one_tensor.pt")
print(t, t.sum())
