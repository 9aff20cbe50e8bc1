import torch
torch.set_printoptions(precision=4)
class Module:
    def __init__(self, name):
        self.name = name
        self.training = False
class Weights:
    def __init__(self, wq, wv):
        self.wq = wq; self.wv = wv
def make_weight(d_in, d_out=None):
    return torch.randn(d_in, d_in if d_out is None else d_out) * 0.5
class Attention(Module):
    def __init__(self, d):
        super().__init__("attention")
        self.w = Weights(make_weight(d), make_weight(d))
class Linear(Module):
    def __init__(self, d_in, d_out):
        super().__init__("linear")
        self.weight = make_weight(d_in, d_out)
        self.bias = torch.zeros(d_out)
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
def layer_forward(layer, x):
    a = torch.softmax(x @ layer.attention.w.wq, 1) @ layer.attention.w.wv
    return torch.tanh(layer.mlp.forward(x + a))
def collect(model, x):
    hidden = []
    for layer in model.layers:
        x = layer_forward(layer, x)
        hidden.append(x)
    return hidden
def first_query(model, x):
    return x @ model.layers[0].attention.w.wq
def forward(model, x):
    hidden = collect(model, x)
    return hidden[-1], hidden[0].sum(1)
torch.manual_seed(0)
model = Model(4, 3)
x = torch.arange(8).reshape(2, 4) * 0.25
print(first_query(model, x))
out, h0 = forward(model, x)
print(out)
print(h0)
print(model.layers[1].mlp.name, len(model.layers))
