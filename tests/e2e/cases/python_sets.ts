# Sets as model code uses them: a char-level tokenizer's vocabulary
# (`sorted(set(text))`, nanoGPT / makemore), nanoGPT's weight-decay parameter
# groups (`decay & no_decay`, `decay | no_decay`), membership tests inside
# @fullgraph functions (folded at compile time: one graph each), set
# algebra, in-place updates through an alias, and the errors Python raises.
# Every line prints an order-free result (sorted, len, bool): a set iterates
# in insertion order in TensorScript, in hash order in Python.
# e2e-kernels: 3
text = "first citizen: before we proceed any further, hear me speak."
chars = sorted(list(set(text)))
vocab_size = len(chars)
stoi = {ch: i for i, ch in enumerate(chars)}
itos = {i: ch for i, ch in enumerate(chars)}
def encode(s):
    return [stoi[c] for c in s]
def decode(ids):
    return "".join([itos[i] for i in ids])
print("vocab", vocab_size, "".join(chars))
print("round trip", decode(encode("hear me")) == "hear me")
data = tensor(encode(text))

# A bigram count table, as makemore builds it, then row-normalised.
@fullgraph
def bigram_probs(data, vocab_size: int):
    idx = data[:-1] * vocab_size + data[1:]
    counts = zeros(vocab_size * vocab_size).index_add(0, idx, ones(idx.shape[0])).reshape(vocab_size, vocab_size)
    return (counts + 1) / (counts + 1).sum(1, keepdim=True)
p = bigram_probs(data, vocab_size)
print("bigram", list(p.shape), round(float(p.sum()), 4), round(float(p[stoi["e"], stoi["r"]]), 4))

# nanoGPT's configure_optimizers: split parameters into decay / no-decay sets.
params = {
    "wte.weight": arange(12.0).reshape(4, 3) / 10,
    "h.0.ln_1.weight": ones(3),
    "h.0.ln_1.bias": zeros(3),
    "h.0.attn.c_attn.weight": arange(9.0).reshape(3, 3) / 20,
    "h.0.attn.c_attn.bias": arange(3.0) / 5,
    "lm_head.weight": arange(12.0).reshape(4, 3) / 30,
}
decay = set()
no_decay = set()
for name in params:
    if name.endswith("bias") or ".ln_" in name:
        no_decay.add(name)
    else:
        decay.add(name)
no_decay.discard("not a parameter")
inter = decay & no_decay
union = decay | no_decay
assert len(inter) == 0, "parameters in both sets"
assert len(params.keys() - union) == 0 if False else set(params.keys()) == union
print("decay", sorted(decay))
print("no_decay", sorted(no_decay))

@fullgraph
def adamw_like_step(params, grads, lr: float, no_decay):
    out = {}
    for name in sorted(params.keys()):
        wd = 0.0 if name in no_decay else 0.1
        out[name] = params[name] - lr * (grads[name] + wd * params[name])
    return out
grads = {k: v * 0.5 + 0.25 for k, v in params.items()}
new = adamw_like_step(params, grads, 0.1, no_decay)
for k in sorted(new):
    print(k, [round(x, 5) for x in new[k].reshape(-1).tolist()])

# Set displays, comprehensions and algebra.
evens = {n for n in range(10) if n % 2 == 0}
small = {0, 1, 2, 3}
print("ops", sorted(evens | small), sorted(evens & small), sorted(evens - small), sorted(evens ^ small))
print("methods", sorted(evens.union([11], (12,))), sorted(small.intersection(range(2, 9))),
      sorted(small.difference({0}, {1})), sorted(small.symmetric_difference([3, 4])))
print("compare", {1, 2} <= {1, 2, 3}, {1, 2} < {1, 2}, {1, 2, 3} >= {3}, {1, 2} == {2, 1}, {1} != {1.0},
      small.issubset(range(4)), small.issuperset([1, 2]), small.isdisjoint({7, 8}))
print("numbers", len({1, 1.0, True}), len({(1, 2), (1, 2), (2, 1)}), 2 in {1.0, 2.0}, "a" not in {"b"})
alias = small
alias |= {100}
alias -= {0}
print("alias", sorted(small), alias is small, len(small))
s = {5, 6, 7}
s.update([8], {9})
s.intersection_update(range(6, 100))
s.difference_update({9})
s.symmetric_difference_update({7, 10})
print("updates", sorted(s))
t = s.copy()
t.add(42)
x = t.pop()
print("copy", sorted(s), len(t), x in s or x == 42)
t.clear()
print("empty", len(t), bool(t), bool(s), t == set(), isinstance(t, set), type(s) == set)
seen = set()
firsts = []
for c in "mississippi":
    if c not in seen:
        seen.add(c)
        firsts.append(c)
print("dedupe", "".join(firsts), len(seen))
try:
    s.remove(12345)
except KeyError:
    print("KeyError on remove")
try:
    bad = {[1, 2]}
except TypeError:
    print("TypeError: unhashable list")
try:
    set().pop()
except KeyError:
    print("KeyError on pop")

# A set of tensors is keyed by identity, as in torch.
w = ones(2)
tensors = {w, w, zeros(2)}
print("tensors", len(tensors), w in tensors)

# Dict and list methods model code uses (d.update, setdefault, list.remove).
config = {"n_layer": 2, "dropout": 0.1}
config.update({"dropout": 0.0}, bias=False)
config.update([("n_head", 4)])
groups = {}
for name in sorted(params):
    groups.setdefault(name.split(".")[0], []).append(name)
layers = list(range(5))
layers.remove(3)
copy = layers.copy()
copy.append(9)
print("config", sorted(config.items()), config.pop("bias"), config.get("bias", "gone"), config.popitem())
print("groups", sorted(groups.items()))
print("lists", layers, copy, len(layers))
c2 = config.copy()
c2.clear()
print("dict copy", len(config), len(c2))

@fullgraph
def masked_sum(x, keep):
    total = zeros(x.shape[1])
    for i in range(x.shape[0]):
        if i in keep:
            total = total + x[i]
    return total
print("masked", masked_sum(arange(12.0).reshape(4, 3), {0, 2}).tolist())

# One compiled function, called with different sets and dicts: each call
# runs the specialisation its set's items (a `set` guard) and its dict's keys
# (a `len` guard and one path per key) select, never another call's.
@fullgraph
def scale_by_flags(x, flags):
    y = x
    for name in ["double", "negate", "shift"]:
        if name in flags:
            y = y * 2 if name == "double" else (-y if name == "negate" else y + 1)
    return y
def pick(x, opts):
    if "bias" in opts:
        return x + opts["bias"]
    return x * opts.get("scale", 1.0)
v = arange(3.0)
for flags in [{"double"}, {"negate", "shift"}, set(), {"double", "shift"}]:
    print("flags", sorted(flags), scale_by_flags(v, flags).tolist())
for opts in [{"bias": 1.0}, {"scale": 3.0}, {"bias": -1.0}, {}]:
    print("opts", sorted(opts), pick(v, opts).tolist())
