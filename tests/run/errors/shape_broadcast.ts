# RUN: tcc run --eager %s
# RUN-EXIT: 1
# Adding tensors whose shapes do not broadcast.
def combine(a, b):
    return a + b * 2

x = ones(2, 3)
print(combine(x, ones(4)))

# CHECK-STDERR: shape_broadcast.ts:5:12: error: shapes [2, 3] and [4] cannot be broadcast [TS3008 shape_error]
# CHECK-STDERR:  5 |     return a + b * 2
# CHECK-STDERR:    |            ^~~~~~~~~
# CHECK-STDERR: hint: shapes broadcast when, aligned from the right, each pair of sizes is equal or one of them is 1
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at combine (shape_broadcast.ts:5:12)
# CHECK-STDERR:   at <module> (shape_broadcast.ts:8:7)
