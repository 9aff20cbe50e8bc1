# A class-based model with a base class: attributes set through
# `super().__init__(...)` and an inherited constructor are read by a compiled
# forward like any other attribute.
class Module:
    def __init__(self, name):
        self.name = name
        self.training = False

class Linear(Module):
    def __init__(self, n_in, n_out):
        super().__init__("linear")
        self.w = arange(n_in * n_out).float().reshape(n_in, n_out) * 0.01
        self.b = zeros(n_out)

    def forward(self, x):
        return x @ self.w + self.b

class Scaled(Linear):
    pass

class MLP(Module):
    def __init__(self, d):
        super().__init__("mlp")
        self.fc1 = Linear(d, 2 * d)
        self.fc2 = Scaled(2 * d, d)

    @fullgraph
    def forward(self, x):
        return self.fc2.forward(relu(self.fc1.forward(x)))

net = MLP(3)
print(net.name, net.fc1.name)
print(net.forward(ones(2, 3)))
