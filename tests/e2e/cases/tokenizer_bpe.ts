# minbpe's BasicTokenizer (Karpathy), ported unchanged but for str in place of
# bytes: byte-pair merges trained on a small text (dicts keyed by pairs,
# max/min with key=, ord/chr), then encode/decode round trips. Pure Python:
# compiled and eager must print what CPython prints.
def get_stats(ids, counts=None):
    counts = {} if counts is None else counts
    for pair in zip(ids, ids[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts

def merge(ids, pair, idx):
    newids = []
    i = 0
    while i < len(ids):
        if ids[i] == pair[0] and i < len(ids) - 1 and ids[i + 1] == pair[1]:
            newids.append(idx)
            i += 2
        else:
            newids.append(ids[i])
            i += 1
    return newids

class BasicTokenizer:
    merges: dict
    vocab: dict
    def __init__(self):
        self.merges = {}
        self.vocab = {}

    def train(self, text, vocab_size, verbose=False):
        num_merges = vocab_size - 256
        ids = [ord(c) for c in text]
        merges = {}
        vocab = {idx: chr(idx) for idx in range(256)}
        for i in range(num_merges):
            stats = get_stats(ids)
            pair = max(stats, key=stats.get)
            idx = 256 + i
            ids = merge(ids, pair, idx)
            merges[pair] = idx
            vocab[idx] = vocab[pair[0]] + vocab[pair[1]]
            if verbose:
                print(f"merge {i+1}/{num_merges}: {pair} -> {idx} ({vocab[idx]!r}) had {stats[pair]} occurrences")
        self.merges = merges
        self.vocab = vocab

    def decode(self, ids):
        return "".join(self.vocab[idx] for idx in ids)

    def encode(self, text):
        ids = [ord(c) for c in text]
        while len(ids) >= 2:
            stats = get_stats(ids)
            pair = min(stats, key=lambda p: self.merges.get(p, float("inf")))
            if pair not in self.merges:
                break
            idx = self.merges[pair]
            ids = merge(ids, pair, idx)
        return ids

text = "the quick brown fox jumps over the lazy dog; the dog sleeps, the fox runs. " * 3
tok = BasicTokenizer()
tok.train(text, 256 + 12, verbose=True)
ids = tok.encode("the lazy fox sleeps")
print(ids)
print(tok.decode(ids))
print(tok.decode(tok.encode(text)) == text, len(tok.encode(text)), len(text))
