# RUN: tcc run --eager %s
# Lists, tuples, dicts: methods, slicing, iteration, builtins over them.
xs = [3, 1, 2]
xs.append(5)
xs.extend([8, 9])
xs.insert(0, 7)
last = xs.pop()
first = xs.pop(0)
print(xs, last, first, xs.index(2), xs.count(1), len(xs), xs[1:3], xs[-2:], xs[::2])
xs[0] = 30
xs.reverse()
print(xs, min(xs), max(xs), sum(xs), sorted_ok if False else "ok")
t = (1, "two", 3.0)
a, b, c = t
print(t, a, b, c, t[1], t + (4,), (5,) * 2, len(t))
d = {"lr": 0.1, "steps": 3}
d["decay"] = 0.5
d["lr"] = 0.2
print(d, d["steps"], d.get("x"), d.get("x", 7), "lr" in d, len(d))
print(d.keys(), d.values(), d.items())
for k in d:
    print(k, end=";")
print()
for i, v in enumerate(["a", "b"]):
    print(i, v, end=" ")
for p, q in zip([1, 2, 3], "xy"):
    print(p, q, end=" ")
print()
total = 0
for v in (1, 2, 3):
    total += v
for v in range(10, 0, -3):
    total += v
print(total, list(range(3)), tuple([1, 2]), list("ab"), dict(a=1), [[1, 2], [3]][1][0])
print([1, [2, (3, None)], {"k": True}], 3 * [0])
# CHECK-STDOUT: [3, 1, 2, 5, 8] 9 7 2 1 5 [1, 2] [5, 8] [3, 2, 8]
# CHECK-STDOUT: [8, 5, 2, 1, 30] 1 30 46 ok
# CHECK-STDOUT: (1, 'two', 3.0) 1 two 3.0 two (1, 'two', 3.0, 4) (5, 5) 3
# CHECK-STDOUT: {'lr': 0.2, 'steps': 3, 'decay': 0.5} 3 None 7 True 3
# CHECK-STDOUT: ['lr', 'steps', 'decay'] [0.2, 3, 0.5] [('lr', 0.2), ('steps', 3), ('decay', 0.5)]
# CHECK-STDOUT: lr;steps;decay;
# CHECK-STDOUT: 0 a 1 b 1 x 2 y
# CHECK-STDOUT: 28 [0, 1, 2] (1, 2) ['a', 'b'] {'a': 1} 3
# CHECK-STDOUT: [1, [2, (3, None)], {'k': True}] [0, 0, 0]
