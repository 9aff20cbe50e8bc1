# A training step that updates its parameters in place (p -= lr * g in a
# callee, over zip(params, grads)) compiles into one graph: the kernel computes
# the new values and the runtime copies them into the parameter tensors, so an
# alias taken at module scope sees every step, as in eager code and PyTorch.
# e2e-kernels: 1
class Lin:
    w: Tensor
    b: Tensor

def sgd(params, grads, lr):
    for p, g in zip(params, grads):
        p -= lr * g

@fullgraph
def step(m, x, y, lr):
    err = x @ m.w + m.b - y
    gw = x.T @ err
    gb = err.sum(0)
    sgd([m.w, m.b], [gw, gb], lr)
    return (err * err).mean()

m = Lin(zeros(3, 1), zeros(1))
alias = m.w
x = arange(12).reshape(4, 3) * 0.1
y = ones(4, 1)
for i in range(3):
    print(step(m, x, y, 0.05))
print(m.w, m.b, alias)
