# Loops that change containers and objects made before them (rolled loops,
# loops.cpp): the tracer traces a rolled body once, but the interpreter runs
# it on every iteration, so what the body appends or stores must not look
# like one iteration's worth to the code after the loop. Once, the stacked
# list below compiled as a stack of 1 item (shape (1, 3) instead of (20, 3)).

# A list of tensors that grows: unrolled, as torch.compile does (one graph).
@fullgraph
def trajectory(x):
    outs = []
    for i in range(20):
        x = x * 0.5 + 1.0
        outs.append(x)
    return stack(outs)

# The same with a trip count known only at run time: the loop runs rolled
# and `stack` of a list whose length is known at run time is a break.
def trajectory_n(x, n):
    outs = []
    for i in range(n):
        x = x * 0.5 + 1.0
        outs.append(x)
    return stack(outs), len(outs)

# Python numbers appended every step (a training loop's losses): rolled.
def fit(w, x, y, steps):
    losses = []
    for step in range(steps):
        err = x @ w - y
        w = w - 0.05 * (x.T @ err)
        losses.append((err * err).mean().item())
    return w, losses

class Tracker:
    def __init__(self, x):
        self.mean = x
        self.count = 0
        self.history = [x]

# An object's attributes replaced on every iteration, read after the loop.
def track(t, xs):
    for i in range(25):
        t.mean = t.mean * 0.9 + xs[i] * 0.1
        t.count = t.count + 1
    return t.mean * 2, t.count

# A list that grows inside an object.
def remember(t, n):
    for i in range(n):
        t.history.append(t.history[-1] + 1)
    return stack(t.history).sum(0)

y = trajectory(ones(3))
print(y.shape, y.sum(), y[-1])
z, k = trajectory_n(ones(3), len(argv()) + 17)
print(z.shape, k, z.sum())
w, losses = fit(zeros(3, 1), arange(12).reshape(4, 3).float() * 0.1, ones(4, 1), 30)
print(len(losses), losses[0], losses[-1], w.sum())
t = Tracker(zeros(2))
m, c = track(t, arange(50).reshape(25, 2).float())
print(m, c, t.count)
print(remember(t, 18), len(t.history))
