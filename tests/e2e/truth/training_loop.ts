# A training loop: linear regression with hand-written gradients, the
# parameters updated in place by a compiled step every iteration.
class Params:
    w: Tensor
    b: Tensor

def step(p, x, y, lr):
    pred = x @ p.w + p.b
    err = pred - y
    gw = x.T @ err * (2.0 / x.shape[0])
    gb = sum(err, 0) * (2.0 / x.shape[0])
    p.w -= lr * gw
    p.b -= lr * gb
    return mean(err * err)

manual_seed(0)
x = randn(16, 3)
y = x @ tensor([[1.0], [-2.0], [0.5]]) + 0.3
p = Params(zeros(3, 1), zeros(1))
for epoch in range(5):
    loss = step(p, x, y, 0.1)
print(loss, p.w, p.b)
