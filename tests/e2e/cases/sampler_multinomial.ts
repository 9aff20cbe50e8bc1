# Samplers against PyTorch's own draws: after manual_seed, multinomial is
# torch 1.13's CPU algorithm on torch's generator, eager and compiled.
# makemore's bigram model (counts over a word list, a vocabulary from a set,
# sampled a character at a time), then a GPT-style sampling step compiled
# whole (temperature, top-k, softmax, one draw per row), then draws with and
# without replacement from several rows.
# e2e-kernels: 3
import nn

words = ["emma", "olivia", "ava", "isabella", "sophia", "charlotte", "mia", "amelia", "harper", "evelyn",
         "abigail", "emily", "elizabeth", "mila", "ella", "avery", "sofia", "camila", "aria", "scarlett"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
vocab = len(itos)
N = zeros(vocab, vocab, dtype=int32)
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        N[stoi[ch1], stoi[ch2]] += 1
P = (N + 1).float()
P /= P.sum(1, keepdim=True)
manual_seed(2147483647)
for i in range(5):
    out = []
    ix = 0
    while True:
        ix = multinomial(P[ix], num_samples=1, replacement=True).item()
        out.append(itos[ix])
        if ix == 0:
            break
    print("".join(out))
log_likelihood = 0.0
n = 0
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        log_likelihood += log(P[stoi[ch1], stoi[ch2]])
        n += 1
print(f"nll {float(-log_likelihood / n):.4f} over {n} bigrams, vocab {vocab}")

@fullgraph
def sample_step(logits, temperature: float, k: int):
    logits = logits / temperature
    v = topk(logits, k).values
    logits = logits.masked_fill(logits < v[:, -1:], float("-inf"))
    probs = nn.softmax(logits, dim=-1)
    return multinomial(probs, num_samples=1)

@fullgraph
def draws(p):
    return multinomial(p, 3), multinomial(p, 4, replacement=True), multinomial(p[0], 2)

manual_seed(1337)
logits = randn(4, 50)
toks = []
for i in range(6):
    toks.append(sample_step(logits, 0.8, 10))
print(cat(toks, 1).tolist())
p = nn.softmax(randn(3, 7), dim=-1)
a, b, c = draws(p)
print(a.tolist(), b.tolist(), c.tolist())
