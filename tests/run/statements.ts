# RUN: tcc run --eager %s
# Every statement form: assignment (chained, unpacking, swap, attribute and
# subscript targets, annotated), augmented assignment, if/elif/else, while
# with break/continue, for with break, nested def, class, return, pass,
# with / with-as, assert, import / from-import.
import nn
from nn import linear as lin, softmax as sm

a = b = 2
c, d = 3, 4
c, d = d, c
n: int = 5
m: float
xs = [0, 0, 0]
xs[1] = 7
xs[-1] += 1
print(a, b, c, d, n, xs)

def classify(v):
    if v < 0:
        return "neg"
    elif v == 0:
        return "zero"
    elif v < 10:
        return "small"
    else:
        return "big"

print(classify(-1), classify(0), classify(5), classify(50))

i = 0
found = -1
while True:
    i += 1
    if i % 2 == 1:
        continue
    if i > 6:
        break
    found = i
print(i, found)

for k in range(5):
    if k == 3:
        break
    pass
print(k)

class Holder:
    def __init__(self):
        self.items = {}

h = Holder()
h.items["x"] = 1
h.items["x"] += 41
h.count = 1
h.count *= 3
print(h.items, h.count)

with error_on_graph_break(False) as ctx:
    y = 10
print(y, ctx)

def nothing():
    pass

def early(flag):
    if flag:
        return
    return 1

assert nothing() is None
assert early(True) is None, "never shown"
print(early(False), lin(ones(1, 1), ones(1, 1)).item(), sm(tensor([0.0, 0.0])), nn.layer_norm(tensor([1.0, 3.0])))
# CHECK-STDOUT: 2 2 4 3 5 [0, 7, 1]
# CHECK-STDOUT: neg zero small big
# CHECK-STDOUT: 8 6
# CHECK-STDOUT: 3
# CHECK-STDOUT: {'x': 42} 3
# CHECK-STDOUT: 10 None
# CHECK-STDOUT: 1 1.0 tensor([0.5000, 0.5000]) tensor([-1.0000,  1.0000])
