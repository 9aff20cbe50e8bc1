# A transformer-style model whose weights sit four and five attribute/index
# steps below the argument (`model.layers[0].attention.w.wq`), in a list of
# layers: one graph under @fullgraph, and it must run as a kernel.
import nn

class Proj:
    wq: Tensor
    wk: Tensor

class Attention:
    w: Proj

class Layer:
    attention: Attention
    scale: Tensor

class Model:
    layers: list

def make_layer(d, seed):
    manual_seed(seed)
    return Layer(Attention(Proj(randn(d, d) * 0.1, randn(d, d) * 0.1)), ones(d))

@fullgraph
def forward(model, x):
    for layer in model.layers:
        q = x @ layer.attention.w.wq
        k = x @ layer.attention.w.wk
        x = x + nn.softmax(q @ k.T, -1) @ x * layer.scale
    return x

model = Model([make_layer(4, 1), make_layer(4, 2)])
x = arange(12).float().reshape(3, 4) * 0.1
print(forward(model, x))
print(forward(model, x * 2))
