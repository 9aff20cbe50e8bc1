# Held-back-style port (issue 11): a mini torch.nn with a Module base class
# (__call__ -> forward, parameters() through __dict__), a GRU cell, a beam
# search (topk, list.sort with key=, a rolled loop inside an unrolled one:
# its body used to be filed under the outer loop's statements and printed
# wrong beams) and a training loop with hand-written gradients. Compiled,
# --eager and PyTorch (tests/e2e/torch/mini_nn_beam.py) print the same.
# e2e-kernels: 2
import nn

class Module:
    def __init__(self):
        self.training = True

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def parameters(self):
        out = []
        for k, v in self.__dict__.items():
            if isinstance(v, Tensor):
                out.append(v)
            elif isinstance(v, Module):
                out.extend(v.parameters())
        return out

    def eval(self):
        self.training = False
        return self

class Linear(Module):
    def __init__(self, fan_in, fan_out):
        super().__init__()
        self.weight = randn(fan_out, fan_in) * (1.0 / fan_in ** 0.5)
        self.bias = zeros(fan_out)

    def forward(self, x):
        return nn.linear(x, self.weight, self.bias)

class GRUCell(Module):
    def __init__(self, n_in, n_h):
        super().__init__()
        self.ih = Linear(n_in, 3 * n_h)
        self.hh = Linear(n_h, 3 * n_h)

    def forward(self, x, h):
        r_i, z_i, n_i = self.ih(x).chunk(3, -1)
        r_h, z_h, n_h = self.hh(h).chunk(3, -1)
        r = sigmoid(r_i + r_h)
        z = sigmoid(z_i + z_h)
        n = tanh(n_i + r * n_h)
        return (1 - z) * n + z * h

def beam_search(logits_table, beam, steps):
    beams = [([], 0.0)]
    for s in range(steps):
        cand = []
        for seq, score in beams:
            lp = logits_table[s].log_softmax(-1)
            vals, idx = lp.topk(beam)
            for v, i in zip(vals.tolist(), idx.tolist()):
                cand.append((seq + [i], score + v))
        cand.sort(key=lambda c: c[1], reverse=True)
        beams = cand[:beam]
    return beams

def train(model, x, y, lr, steps):
    for step in range(steps):
        h = model.l1(x)
        a = relu(h)
        pred = model.l2(a)
        err = pred - y
        loss = (err ** 2).mean()
        g = 2 * err / err.numel()
        gw2 = g.T @ a
        gb2 = g.sum(0)
        ga = g @ model.l2.weight
        gh = ga * (h > 0)
        gw1 = gh.T @ x
        gb1 = gh.sum(0)
        model.l2.weight -= lr * gw2
        model.l2.bias -= lr * gb2
        model.l1.weight -= lr * gw1
        model.l1.bias -= lr * gb1
    return loss

class MLP(Module):
    def __init__(self):
        super().__init__()
        self.l1 = Linear(3, 8)
        self.l2 = Linear(8, 1)

manual_seed(1)
gru = GRUCell(3, 5)
h = zeros(2, 5)
for t in range(4):
    h = gru(randn(2, 3), h)
print(h)
print(len(gru.parameters()), [p.shape for p in gru.parameters()])
table = randn(3, 6)
for seq, score in beam_search(table, 2, 3):
    print(seq, "%.4f" % score)
m = MLP()
x = randn(16, 3)
y = x.sum(1, keepdim=True) * 0.5
print("loss %.5f" % train(m, x, y, 0.05, 200).item())
print(m.l2.bias)
