# RUN: tcc run --eager %s
# List and dict comprehensions and generator arguments (Python 3 semantics: the
# comprehension's names do not leak into the enclosing code).
x = 100
squares = [x * x for x in range(5)]
print(squares, x)
evens = [i for i in range(10) if i % 2 == 0 if i > 2]
print(evens)
pairs = [(i, j) for i in range(3) for j in range(i)]
print(pairs)
nested = [[i * j for j in range(3)] for i in range(3)]
print(nested)
print(sum(v * 2 for v in [1, 2, 3]), max(len(s) for s in ["a", "bcd"]))
print([a + b for a, b in zip([1, 2], [10, 20])])
def f(n):
    return [k for k in range(n)], [k * k for k in range(n) if k % 2]
print(f(5))
print(all(c != "x" for c in "abc"), [w.upper() if False else w for w in ["a", "b"]])
sq = {i: i * i for i in range(4) if i != 2}
print(sq, {k: v for k, v in [("a", 1), ("b", 2), ("a", 3)]})

# CHECK-STDOUT: [0, 1, 4, 9, 16] 100
# CHECK-STDOUT: [4, 6, 8]
# CHECK-STDOUT: [(1, 0), (2, 0), (2, 1)]
# CHECK-STDOUT: [[0, 0, 0], [0, 1, 2], [0, 2, 4]]
# CHECK-STDOUT: 12 3
# CHECK-STDOUT: [11, 22]
# CHECK-STDOUT: ([0, 1, 2, 3, 4], [1, 9])
# CHECK-STDOUT: True ['a', 'b']
# CHECK-STDOUT: {0: 0, 1: 1, 3: 9} {'a': 3, 'b': 2}
