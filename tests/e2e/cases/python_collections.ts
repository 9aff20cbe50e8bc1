# collections (stdlib/collections.ts, written in TensorScript): Counter,
# defaultdict and OrderedDict as data code uses them (word and character
# counts, most_common, grouping with defaultdict(list), counts with
# defaultdict(int), dict(mapping)), and a Counter inside a @fullgraph
# function, folded at compile time: one graph. Output against CPython/PyTorch.
# e2e-kernels: 1
from collections import Counter, defaultdict, OrderedDict
import collections
text = "the quick brown fox jumps over the lazy dog the end"
c = Counter(text.split())
print(c.most_common(2), c["the"], c["missing"], len(c), "fox" in c, c.total())
print(c)
chars = Counter(text.replace(" ", ""))
print(chars.most_common(3), sorted(chars)[:5])
d = defaultdict(list)
for w in text.split():
    d[w[0]].append(w)
print(sorted(d.items())[:3], len(d), dict(d)["t"])
counts = defaultdict(int)
for ch in "mississippi":
    counts[ch] += 1
print(dict(counts), sorted(counts.keys()))
o = OrderedDict(a=1, b=2, c=3)
o.move_to_end("a")
print(list(o.keys()), o.popitem(), o)
c2 = collections.Counter("aab") + Counter("bcc")
print(c2, c2 - Counter("b"), sorted(Counter({"x": 3, "y": 1}).elements()))
def vocab_size(words):
    return len(Counter(words))
@fullgraph
def bag_of_words(emb, words, stoi):
    c = Counter(words)
    out = emb[0] * 0
    for w, n in c.most_common():
        out = out + emb[stoi[w]] * n
    return out
stoi = {w: i for i, w in enumerate(sorted(set(text.split())))}
emb = arange(len(stoi) * 3.0).reshape(len(stoi), 3)
print(bag_of_words(emb, text.split(), stoi).tolist(), vocab_size(text.split()))
