# RUN: tcc run --eager %s
# Single inheritance: method override, super(), inherited typed fields.
class Layer:
    def __init__(self, scale):
        self.scale = scale
    def forward(self, x):
        return x * self.scale
    def name(self):
        return "Layer"

class Shifted(Layer):
    def __init__(self, scale, shift):
        super().__init__(scale)
        self.shift = shift
    def forward(self, x):
        return super().forward(x) + self.shift
    def name(self):
        return "Shifted<" + super().name() + ">"

class Point:
    x: int
    y: int = 0

class Point3(Point):
    z: int = 0

s = Shifted(2.0, 1.0)
print(s.forward(tensor([1.0, 2.0])), s.name(), isinstance(s, Layer))
print(Point3(1, 2, 3), Point3(5), Point3(x=1, z=9))
# CHECK-STDOUT: tensor([3., 5.]) Shifted<Layer> True
# CHECK-STDOUT: Point3(x=1, y=2, z=3) Point3(x=5, y=0, z=0) Point3(x=1, y=0, z=9)
