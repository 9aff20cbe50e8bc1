# A realistic use of issue 11's Python features: linear regression trained
# with hand-written gradients and a cosine learning-rate schedule computed
# with math.cos/math.pi inside a @fullgraph step (folded: one graph per step),
# metrics logged with %-formatting, str.format and f"{x=}", then a beam
# search over a small transition table that ranks candidates with sorted(key=).
# e2e-kernels: 2
import math

@fullgraph
def train_step(w, b, x, y, step, total):
    lr = 0.05 + 0.5 * (0.2 - 0.05) * (1 + math.cos(math.pi * step / total))
    err = x @ w + b - y
    loss = (err * err).mean()
    gw = x.T @ err * (2.0 / x.shape[0])
    gb = err.mean() * 2.0
    return w - lr * gw, b - lr * gb, loss, lr

x = tensor([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 1.0], [0.5, 2.0]])
y = x @ tensor([1.5, -0.5]) + 0.25
w = zeros(2)
b = tensor(0.0)
history = []
total = 8
for step in range(total):
    w, b, loss, lr = train_step(w, b, x, y, step, total)
    history.append((step, loss.item(), lr))
    if step % 2 == 0:
        print("step %2d/%d | loss %8.5f | lr %.4f" % (step + 1, total, loss, lr))
best = min(history, key=lambda h: h[1])
print("best: {0[0]} loss={0[1]:.6f} lr={0[2]:.3e}".format(best))
print(f"{w=}", f"{b.item()=:.4f}")
summary = {"final": history[-1][1], "first": history[0][1]}
print("loss %(first).4f -> %(final).4f (%(final).2e)" % summary)

# beam search: log-probabilities of the next token given the last one
logp = [[-0.1, -2.0, -3.0], [-1.5, -0.3, -2.0], [-0.7, -1.2, -0.9]]
beams = [([0], 0.0)]
for _ in range(3):
    cands = []
    for seq, score in beams:
        for tok in range(3):
            cands.append((seq + [tok], score + logp[seq[-1]][tok]))
    beams = sorted(cands, key=lambda c: c[1], reverse=True)[:2]
    print(" | ".join("{} {:.2f}".format(s, sc) for s, sc in beams))
lens = list(map(len, [s for s, _ in beams]))
print(lens, max(beams, key=lambda c: c[1])[0], "%.3f" % math.exp(beams[0][1]))
