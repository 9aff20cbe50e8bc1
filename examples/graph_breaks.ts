# Graph breaks in practice: `train_step` prints its loss, which a compiled
# function cannot do, so tcc splits it into two compiled graphs with the
# print running in the interpreter between them. `tcc explain` shows why and
# how to fix it; `tcc build` reports the accepted break in its summary line.
#
#   tcc explain examples/graph_breaks.ts
#   tcc run examples/graph_breaks.ts
import nn

def train_step(w, x, y, lr):
    pred = x @ w
    loss = nn.mse_loss(pred, y)
    print("loss:", loss)              # graph break: side_effect_io
    grad = x.T @ (pred - y) * (2.0 / y.shape[0])
    return w - lr * grad

manual_seed(0)
x = randn(64, 4)
true_w = tensor([[1.0], [-2.0], [0.5], [3.0]])
y = x @ true_w
w = zeros(4, 1)
for step in range(5):
    w = train_step(w, x, y, 0.1)
print("learned:", w.T)
