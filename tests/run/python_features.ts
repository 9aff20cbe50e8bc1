# RUN: tcc run --eager %s
# Python features: star parameters and arguments, starred unpacking, exceptions
# (user classes, builtin hierarchy, run-time errors by their Python names),
# global/nonlocal/del, loop else clauses. Expected output: /usr/bin/python3
# running this same file.
def f(a, b=2, *args, c, d=4, **kw):
    return [a, b, list(args), c, d, sorted(kw.items())]
print(f(1, c=3))
print(f(1, 5, 6, 7, c=3, e=9, z=1))
xs = [1, 2, 3]
print(f(*xs, c=0), f(**{"a": 1, "c": 2}))
a, *rest = [1, 2, 3, 4]
print(a, rest)
*init, last = (1, 2, 3)
print(init, last)
p, *q, r = [1, 2]
print(p, q, r)
print([*xs, *rest], (*xs, 0), {**{"a": 1}, "b": 2})
g = lambda *a, **k: (a, k)
print(g(1, 2, x=3))
def kwonly(*, scale=1.0):
    return scale
print(kwonly(scale=2.0))

class MyError(ValueError):
    pass
class Coded(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code

def risky(i):
    if i == 0:
        raise MyError("zero")
    if i == 1:
        raise Coded("one", 42)
    if i == 2:
        return [1][5]
    if i == 3:
        return {"a": 1}["b"]
    if i == 4:
        return 1 // 0
    return i

for i in range(6):
    try:
        v = risky(i)
    except MyError as e:
        print("my", e, isinstance(e, ValueError))
    except Coded as e:
        print("coded", e, e.code, e.args)
    except (IndexError, KeyError) as e:
        print("lookup", isinstance(e, LookupError))
    except Exception as e:
        print("other", isinstance(e, ZeroDivisionError))
    else:
        print("ok", v)
    finally:
        print("finally", i)

def reraiser():
    try:
        raise ValueError("inner")
    except ValueError:
        raise
try:
    reraiser()
except ValueError as e:
    print("reraised", e, repr(e))

def fin():
    try:
        return 1
    finally:
        print("cleanup")
print(fin())

for i in range(3):
    if i == 5:
        break
else:
    print("for-else ran")
for i in range(3):
    if i == 1:
        break
else:
    print("not printed")
n = 0
while n < 2:
    n += 1
else:
    print("while-else", n)

counter = 0
def bump():
    global counter
    counter += 1
bump(); bump()
print(counter)
def outer():
    x = 0
    def inc():
        nonlocal x
        x += 10
    inc(); inc()
    return x
print(outer())
d = {"a": 1, "b": 2}
del d["a"]
l = [1, 2, 3, 4]
del l[0], l[-1]
print(d, l)
z = 5
del z
try:
    print(z)
except NameError:
    print("z deleted")
try:
    raise NotImplementedError
except RuntimeError as e:
    print("nie", repr(e), str(e) == "")

# CHECK-STDOUT: [1, 2, [], 3, 4, []]
# CHECK-STDOUT: [1, 5, [6, 7], 3, 4, [('e', 9), ('z', 1)]]
# CHECK-STDOUT: [1, 2, [3], 0, 4, []] [1, 2, [], 2, 4, []]
# CHECK-STDOUT: 1 [2, 3, 4]
# CHECK-STDOUT: [1, 2] 3
# CHECK-STDOUT: 1 [] 2
# CHECK-STDOUT: [1, 2, 3, 2, 3, 4] (1, 2, 3, 0) {'a': 1, 'b': 2}
# CHECK-STDOUT: ((1, 2), {'x': 3})
# CHECK-STDOUT: 2.0
# CHECK-STDOUT: my zero True
# CHECK-STDOUT: finally 0
# CHECK-STDOUT: coded one 42 ('one',)
# CHECK-STDOUT: finally 1
# CHECK-STDOUT: lookup True
# CHECK-STDOUT: finally 2
# CHECK-STDOUT: lookup True
# CHECK-STDOUT: finally 3
# CHECK-STDOUT: other True
# CHECK-STDOUT: finally 4
# CHECK-STDOUT: ok 5
# CHECK-STDOUT: finally 5
# CHECK-STDOUT: reraised inner ValueError('inner')
# CHECK-STDOUT: cleanup
# CHECK-STDOUT: 1
# CHECK-STDOUT: for-else ran
# CHECK-STDOUT: while-else 2
# CHECK-STDOUT: 2
# CHECK-STDOUT: 20
# CHECK-STDOUT: {'b': 2} [2, 3]
# CHECK-STDOUT: z deleted
# CHECK-STDOUT: nie NotImplementedError() True
