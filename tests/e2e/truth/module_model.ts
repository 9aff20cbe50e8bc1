# A class-based model whose layers come from an imported module file.
import _layers

class MLP:
    fc1: _layers.Linear
    fc2: _layers.Linear

    def forward(self, x):
        return self.fc2.forward(_layers.gelu(self.fc1.forward(x)))

model = MLP(_layers.linear(4, 8, 0.01), _layers.linear(8, 2, 0.02))
x = arange(12).float().reshape(3, 4) * 0.1
print(model.forward(x))
print(model.forward(x + 1))
