# makemore's bigram model as Karpathy's lecture writes it: counts in an int32
# tensor, `P.sum(1, keepdims=True)`, and names sampled with
# torch.multinomial(..., generator=g) from torch.Generator().manual_seed(...);
# then randn/rand/randint/randperm/uniform_/normal_ drawing from generators.
# The names and numbers are PyTorch's. PyTorch runs this same text
# (tests/e2e/torch/same_text.py writes torch_generator.torch.txt).
import torch
import torch.nn.functional as F

words = ["emma", "olivia", "ava", "isabella", "sophia", "charlotte", "mia", "amelia"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
n = len(stoi)

N = torch.zeros((n, n), dtype=torch.int32)
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        N[stoi[ch1], stoi[ch2]] += 1
P = (N + 1).float()
P /= P.sum(1, keepdims=True)

g = torch.Generator().manual_seed(2147483647)
for i in range(5):
    out = []
    ix = 0
    while True:
        p = P[ix]
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0:
            break
    print("".join(out))

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((n, 2), generator=g)
W1 = torch.randn((6, 10), generator=g) * 0.2
b1 = torch.rand(10, generator=g)
print(C[:3], W1.sum(), b1[:4], g.initial_seed())
print(torch.randint(0, 10, (5,), generator=g), torch.randperm(6, generator=g))
x = torch.empty(4)
print(x.uniform_(-1, 1, generator=g), x.normal_(0.0, 2.0, generator=g))
print(torch.Generator().initial_seed(), torch.randn(2, generator=torch.Generator()))
