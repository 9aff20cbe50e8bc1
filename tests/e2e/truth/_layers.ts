# Helper module for module_model.ts: layers defined in another file.
class Linear:
    w: Tensor
    b: Tensor

    def forward(self, x):
        return x @ self.w + self.b

def linear(n_in, n_out, scale):
    return Linear(arange(n_in * n_out).float().reshape(n_in, n_out) * scale, zeros(n_out))

def gelu(x):
    return 0.5 * x * (1 + tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
