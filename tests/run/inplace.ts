# RUN: tcc run --eager %s
# `x op= y` on a tensor updates it in place, as in torch: every name,
# container and attribute holding the tensor sees the change, and the
# tensor keeps its dtype. `lst += seq` extends the list itself (Python);
# numbers, strings and `@=` rebind.
x = zeros(3)
y = x
x += 1
print(x, y, x is y)
rows = [x]
x *= 4
print(rows[0])
v = x[1:]
v -= 1
print(x)
i = tensor([1, 2, 3])
i *= 2
i += True
print(i, i.dtype)
f = tensor([1.5, 2.5], dtype=float64)
f /= 2
print(f)
h = ones(2, 2)
h += tensor([1.0, 2.0])
print(h)
def bump(t, by):
    t += by
class M:
    def __init__(self, w):
        self.w = w
m = M(ones(2))
alias = m.w
m.w -= 0.25
bump(alias, 1)
print(m.w)
n = 3
k = n
n += 1
print(n, k)
a = eye(2)
b = a
a @= tensor([[0.0, 1.0], [1.0, 0.0]])
print(a, b)
xs = [1]
ys = xs
xs += [2, 3]
xs += (4,)
xs += xs
print(ys)
s = "a"
t = s
s += "b"
print(s, t)

# CHECK-STDOUT: tensor([1., 1., 1.]) tensor([1., 1., 1.]) True
# CHECK-STDOUT: tensor([4., 4., 4.])
# CHECK-STDOUT: tensor([4., 3., 3.])
# CHECK-STDOUT: tensor([3, 5, 7]) torch.int64
# CHECK-STDOUT: tensor([0.7500, 1.2500], dtype=torch.float64)
# CHECK-STDOUT: tensor([[2., 3.],
# CHECK-STDOUT:         [2., 3.]])
# CHECK-STDOUT: tensor([1.7500, 1.7500])
# CHECK-STDOUT: 4 3
# CHECK-STDOUT: tensor([[0., 1.],
# CHECK-STDOUT:         [1., 0.]]) tensor([[1., 0.],
# CHECK-STDOUT:         [0., 1.]])
# CHECK-STDOUT: [1, 2, 3, 4, 1, 2, 3, 4]
# CHECK-STDOUT: ab a
