# The Python object model on user classes, as PyTorch code uses it: a mini
# torch.nn (a Module base class, parameters behind @property, a Sequential
# container with __len__/__getitem__/__iter__, __call__), a dual-number class
# whose operators (__add__/__radd__/__mul__/__rmul__/__sub__/__rsub__/
# __truediv__/__neg__/__pow__/__matmul__, NotImplemented) give forward-mode
# derivatives, comparisons, __bool__, __contains__, __setitem__, an iterator
# with __next__, in-place __iadd__, @staticmethod, @classmethod, a property
# with a setter, getattr/setattr/hasattr/type/iter/next. Each @fullgraph
# function is one graph; compiled output must equal --eager and PyTorch.
# e2e-kernels: 3

class Module:
    def __init__(self):
        self.training = True
        self._names = []

    def register(self, name, value):
        self._names.append(name)
        setattr(self, name, value)

    def parameters(self):
        return [getattr(self, n) for n in self._names]

    def __call__(self, x):
        return self.forward(x)

class Linear(Module):
    def __init__(self, weight, bias):
        super().__init__()
        self.register("weight", weight)
        self.register("bias", bias)

    @property
    def in_features(self):
        return self.weight.shape[0]

    @property
    def out_features(self):
        return self.weight.shape[1]

    def forward(self, x):
        return x @ self.weight + self.bias

    def __repr__(self):
        return f"Linear(in_features={self.in_features}, out_features={self.out_features})"

class Tanh(Module):
    def forward(self, x):
        return tanh(x)

    def __repr__(self):
        return "Tanh()"

class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = list(layers)

    def __len__(self):
        return len(self.layers)

    def __getitem__(self, i):
        if isinstance(i, int):
            return self.layers[i]
        return Sequential(*self.layers[i])

    def __iter__(self):
        return iter(self.layers)

    def __contains__(self, layer):
        return layer in self.layers

    def forward(self, x):
        for layer in self:
            x = layer(x)
        return x

class Dual:
    def __init__(self, val, eps):
        self.val = val
        self.eps = eps

    @staticmethod
    def lift(x):
        if isinstance(x, Dual):
            return x
        return Dual(x, 0.0)

    @classmethod
    def variable(cls, x):
        return cls(x, ones_like(x))

    def __add__(self, other):
        o = Dual.lift(other)
        return Dual(self.val + o.val, self.eps + o.eps)

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        o = Dual.lift(other)
        return Dual(self.val - o.val, self.eps - o.eps)

    def __rsub__(self, other):
        return Dual.lift(other) - self

    def __mul__(self, other):
        o = Dual.lift(other)
        return Dual(self.val * o.val, self.val * o.eps + self.eps * o.val)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        if isinstance(other, str):
            return NotImplemented
        o = Dual.lift(other)
        return Dual(self.val / o.val, (self.eps * o.val - self.val * o.eps) / (o.val * o.val))

    def __neg__(self):
        return Dual(-self.val, -self.eps)

    def __pow__(self, n):
        return Dual(self.val ** n, n * self.val ** (n - 1) * self.eps)

    def __matmul__(self, w):
        return Dual(self.val @ w, self.eps @ w)

    def tanh(self):
        t = tanh(self.val)
        return Dual(t, (1 - t * t) * self.eps)

class Version:
    def __init__(self, major, minor):
        self.major = major
        self.minor = minor

    def __eq__(self, other):
        return self.major == other.major and self.minor == other.minor

    def __lt__(self, other):
        return self.major < other.major or (self.major == other.major and self.minor < other.minor)

    def __le__(self, other):
        return self == other or self < other

    def __repr__(self):
        return f"Version({self.major}, {self.minor})"

class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1

class Buffer:
    def __init__(self, n):
        self.data = [0.0] * n
        self.writes = 0

    def __setitem__(self, i, v):
        self.data[i] = v
        self.writes += 1

    def __getitem__(self, i):
        return self.data[i]

    def __len__(self):
        return len(self.data)

    def __bool__(self):
        return self.writes > 0

    def __iadd__(self, v):
        self.data = [x + v for x in self.data]
        return self

class Celsius:
    def __init__(self, degrees):
        self._c = degrees

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, f):
        self._c = (f - 32) * 5 / 9

@fullgraph
def mlp(model, x):
    return model(x)

@fullgraph
def head(model, x):
    # a slice of the container and its first layer, through __getitem__
    return model[:2](x) + model[0](x)

@fullgraph
def jvp(x, v, w):
    d = Dual(x, v)
    h = (d @ w).tanh()
    y = 2.0 * h * h + h / 3.0 - 1.0 + (1 - h) ** 2
    z = -y
    return z.val, z.eps

@fullgraph
def grad_wrt(x):
    d = Dual.variable(x)
    y = d * d * 3.0 + d
    return y.eps

w1 = tensor([[0.5, -0.25, 0.125], [0.75, 0.5, -1.0]])
b1 = tensor([0.1, 0.2, 0.3])
w2 = tensor([[1.0, 0.0], [-0.5, 2.0], [0.25, 0.25]])
b2 = tensor([0.0, -1.0])
model = Sequential(Linear(w1, b1), Tanh(), Linear(w2, b2))
x = tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, 3.0]])

print(len(model), model[0], model[1], model[-1])
print(model[0].in_features, model[0].out_features, len(model[0].parameters()))
print(model[0] in model, Tanh() in model)
print([type(layer).__name__ for layer in model])
print(mlp(model, x))
print(head(Sequential(Linear(w1, b1), Tanh(), Linear(w2, b2)), x))

v = tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
val, tangent = jvp(x, v, w1)
print(val)
print(tangent)
print(grad_wrt(tensor([1.0, -2.0, 0.5])))
d = Dual(3.0, 1.0)
e = 2 - d
print(e.val, e.eps, (d ** 2).eps, (-d).val)
try:
    d / "x"
except TypeError:
    print("TypeError: Dual / str")

print(Version(1, 2) == Version(1, 2), Version(1, 2) != Version(1, 3), Version(1, 2) < Version(1, 10))
print(Version(2, 0) > Version(1, 9), Version(1, 3) <= Version(1, 3), Version(1, 4) >= Version(2, 0))
print(sorted([Version(1, 10), Version(1, 2), Version(0, 9)]))
print(max([Version(1, 10), Version(1, 2), Version(0, 9)]))

print(list(Countdown(3)), sum(Countdown(4)))
a, b = Countdown(2)
print(a, b)
it = iter([10, 20])
print(next(it), next(it), next(it, "done"))
c = Countdown(1)
print(next(c), next(c, -1))
for k in Countdown(2):
    print("tick", k)

buf = Buffer(3)
print(bool(buf), len(buf))
if not buf:
    print("empty buffer")
buf[1] = 2.5
buf += 1.0
print(bool(buf), buf[1], buf.data, buf.writes)

t = Celsius(100.0)
print(t.fahrenheit)
t.fahrenheit = 32.0
print(t._c, hasattr(t, "fahrenheit"), hasattr(t, "kelvin"), getattr(t, "kelvin", "none"))
print(type(3) is int, type(t) is Celsius, type(t).__name__, type(t)(5.0).fahrenheit, t.__class__.__name__)
