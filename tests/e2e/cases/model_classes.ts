# A class-based model written the way PyTorch code is: a base class whose
# __init__ runs through super().__init__, layers kept in a list, weights four
# attribute/index steps below the argument, factories called once per layer,
# and a callee that collects hidden states with append. Each @fullgraph
# function must compile whole and print what eager and PyTorch print.
# e2e-kernels: 2
import nn

class Module:
    def __init__(self, name):
        self.name = name
        self.training = False

class Weights:
    def __init__(self, wq, wv):
        self.wq = wq
        self.wv = wv

class Attention(Module):
    def __init__(self, d):
        super().__init__("attention")
        self.w = Weights(make_weight(d), make_weight(d))

class Linear(Module):
    def __init__(self, d_in, d_out):
        super().__init__("linear")
        self.weight = make_weight(d_in, d_out)
        self.bias = zeros(d_out)

    def forward(self, x):
        return x @ self.weight + self.bias

class Layer(Module):
    def __init__(self, d):
        super(Layer, self).__init__("layer")
        self.attention = Attention(d)
        self.mlp = Linear(d, d)

class Model(Module):
    def __init__(self, d, n):
        super().__init__("model")
        self.layers = [Layer(d) for i in range(n)]

def make_weight(d_in, d_out=None):
    return randn(d_in, d_in if d_out is None else d_out) * 0.5

def layer_forward(layer, x):
    a = nn.softmax(x @ layer.attention.w.wq, 1) @ layer.attention.w.wv
    return tanh(layer.mlp.forward(x + a))

def collect(model, x):
    hidden = []
    for layer in model.layers:
        x = layer_forward(layer, x)
        hidden.append(x)
    return hidden

@fullgraph
def first_query(model, x):
    return x @ model.layers[0].attention.w.wq

@fullgraph
def forward(model, x):
    hidden = collect(model, x)
    return hidden[-1], hidden[0].sum(1)

manual_seed(0)
model = Model(4, 3)
x = arange(8).reshape(2, 4) * 0.25
print(first_query(model, x))
out, h0 = forward(model, x)
print(out)
print(h0)
print(model.layers[1].mlp.name, len(model.layers))
