# RUN: tcc run --eager %s
# The Python object model of user classes: special methods of the operators
# (reflected forms, NotImplemented, in-place with the binary fallback),
# comparisons (reflected, `!=` from `__eq__`, identity by default), truthiness
# (`__bool__`, then `__len__`), indexing with slices, `in`, iteration
# protocols, descriptors (property with a setter, staticmethod, classmethod
# through a subclass and an instance), getattr/setattr/hasattr/type/iter/next,
# and the TypeErrors Python raises for misuse.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(*[a + b for a, b in zip(self.xs, o.xs)])
        if isinstance(o, int) or isinstance(o, float):
            return Vec(*[a + o for a in self.xs])
        return NotImplemented
    def __radd__(self, o):
        return self + o
    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])
    __rmul__ = __mul__
    def __sub__(self, o):
        return self + (-o)
    def __neg__(self):
        return Vec(*[-a for a in self.xs])
    def __abs__(self):
        return sum(a * a for a in self.xs) ** 0.5
    def __invert__(self):
        return Vec(*reversed(self.xs))
    def __pos__(self):
        return self
    def __floordiv__(self, k):
        return Vec(*[a // k for a in self.xs])
    def __mod__(self, k):
        return Vec(*[a % k for a in self.xs])
    def __eq__(self, o):
        return isinstance(o, Vec) and self.xs == o.xs
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __repr__(self):
        return "Vec" + str(tuple(self.xs))

class Other:
    def __radd__(self, v):
        return "Other.__radd__ got " + repr(v)

v = Vec(1, 2, 3)
w = Vec(10, 20, 30)
print(v + w, v + 1, 2 + v, v * 2, 3 * v, v - w, -v, +v, ~v)
print(abs(Vec(3, 4)), v // 2, v % 2, v + Other())
print(v == Vec(1, 2, 3), v != Vec(1, 2, 3), v == w, v != w, v == 3)
print(len(v), v[0], v[-1], v[1:], 2 in v, 7 in v, list(v), [x * 10 for x in v])
v[0] = 100
print(v, bool(v), bool(Vec()), "empty" if not Vec() else "full")
u = v
u += w
print(u, v, u is v)

class Acc:
    def __init__(self):
        self.total = 0
    def __iadd__(self, k):
        self.total += k
        return self
a = Acc()
b = a
a += 5
a += 6
print(a.total, a is b)

class Money:
    def __init__(self, cents):
        self.cents = cents
    def __lt__(self, o):
        return self.cents < o.cents
    def __repr__(self):
        return "$" + str(self.cents / 100)
m = [Money(250), Money(99), Money(1000)]
print(sorted(m), min(m), max(m), Money(1) > Money(2), Money(1) < Money(2))

class Plain:
    pass
p = Plain()
print(p == p, p == Plain(), p != Plain(), bool(p))

class Shape:
    count = 0
    def __init__(self, n):
        self.n = n
        Shape.count += 1
    @classmethod
    def square(cls):
        return cls(4)
    @staticmethod
    def describe(n):
        return str(n) + " sides"
    @property
    def sides(self):
        return self.n
class Tri(Shape):
    @classmethod
    def make(cls):
        return cls(3)
s = Tri.square()
print(type(s).__name__, s.sides, Tri.make().sides, s.make().sides, Shape.describe(5), s.describe(6), Shape.count)
try:
    s.sides = 5
except AttributeError as e:
    print("AttributeError:", e)

class Temp:
    def __init__(self):
        self._k = 0.0
    @property
    def kelvin(self):
        return self._k
    @kelvin.setter
    def kelvin(self, v):
        if v < 0:
            raise ValueError("below absolute zero")
        self._k = v
t = Temp()
t.kelvin = 300.0
print(t.kelvin)
try:
    t.kelvin = -1.0
except ValueError as e:
    print("ValueError:", e)

class Fib:
    def __init__(self, n):
        self.a, self.b, self.left = 0, 1, n
    def __iter__(self):
        return self
    def __next__(self):
        if self.left == 0:
            raise StopIteration()
        self.left -= 1
        self.a, self.b = self.b, self.a + self.b
        return self.a
print(list(Fib(8)), sum(Fib(5)), max(Fib(6)), 8 in Fib(6), 9 in Fib(6))
for i, f in enumerate(Fib(3)):
    print(i, f)
it = iter(Fib(2))
print(next(it), next(it), next(it, "end"))
try:
    next(it)
except StopIteration:
    print("StopIteration")
x, y, z = Fib(3)
print(x, y, z)

setattr(p, "label", "plain")
print(getattr(p, "label"), getattr(p, "missing", 0), hasattr(p, "label"), hasattr(p, "nope"))
print(type(1) is int, type(1.5).__name__, type("s") is str, type([]) is list, type(p) is Plain, type(Plain) is type)
q = type(v)(7, 8)
print(q, isinstance(q, Vec))

def attempt(f):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)
attempt(lambda: v + "s")
attempt(lambda: p + 1)
attempt(lambda: 1 - v)
attempt(lambda: p < p)
attempt(lambda: -p)
attempt(lambda: len(p))
attempt(lambda: p[0])
attempt(lambda: list(p))
attempt(lambda: 1 in p)
attempt(lambda: next([1]))

# CHECK-STDOUT: Vec(11, 22, 33) Vec(2, 3, 4) Vec(3, 4, 5) Vec(2, 4, 6) Vec(3, 6, 9) Vec(-9, -18, -27) Vec(-1, -2, -3) Vec(1, 2, 3) Vec(3, 2, 1)
# CHECK-STDOUT: 5.0 Vec(0, 1, 1) Vec(1, 0, 1) Other.__radd__ got Vec(1, 2, 3)
# CHECK-STDOUT: True False False True False
# CHECK-STDOUT: 3 1 3 [2, 3] True False [1, 2, 3] [10, 20, 30]
# CHECK-STDOUT: Vec(100, 2, 3) True False empty
# CHECK-STDOUT: Vec(110, 22, 33) Vec(100, 2, 3) False
# CHECK-STDOUT: 11 True
# CHECK-STDOUT: [$0.99, $2.5, $10.0] $0.99 $10.0 False True
# CHECK-STDOUT: True False True True
# CHECK-STDOUT: Tri 4 3 3 5 sides 6 sides 3
# CHECK-STDOUT: AttributeError: cannot set the property `sides` of `Tri`: it has no setter
# CHECK-STDOUT: 300.0
# CHECK-STDOUT: ValueError: below absolute zero
# CHECK-STDOUT: [1, 1, 2, 3, 5, 8, 13, 21] 12 8 True False
# CHECK-STDOUT: 0 1
# CHECK-STDOUT: 1 1
# CHECK-STDOUT: 2 2
# CHECK-STDOUT: 1 1 end
# CHECK-STDOUT: StopIteration
# CHECK-STDOUT: 1 1 2
# CHECK-STDOUT: plain 0 True False
# CHECK-STDOUT: True float True True True True
# CHECK-STDOUT: Vec(7, 8) True
# CHECK-STDOUT: TypeError: unsupported operand types for `+`: `Vec` and `str`
# CHECK-STDOUT: TypeError: unsupported operand types for `+`: `Plain` and `int`
# CHECK-STDOUT: TypeError: unsupported operand types for `-`: `int` and `Vec`
# CHECK-STDOUT: TypeError: `<` is not supported between instances of `Plain` and `Plain`
# CHECK-STDOUT: TypeError: bad operand type for unary `-`: `Plain`
# CHECK-STDOUT: TypeError: object of type `Plain` has no len()
# CHECK-STDOUT: TypeError: `Plain` object is not subscriptable
# CHECK-STDOUT: TypeError: `Plain` object is not iterable
# CHECK-STDOUT: TypeError: argument of type `Plain` is not iterable
# CHECK-STDOUT: TypeError: `list` object is not an iterator
