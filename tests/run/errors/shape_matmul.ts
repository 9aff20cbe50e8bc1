# RUN: tcc run --eager %s
# RUN-EXIT: 1
# matmul with mismatched inner dimensions, two calls deep.
def layer(x, w):
    return relu(x @ w)

def model(x):
    return layer(x, ones(5, 2))

model(ones(3, 4))

# CHECK-STDERR: shape_matmul.ts:5:17: error: matmul: inner dimensions differ: [3, 4] @ [5, 2] [TS3008 shape_error]
# CHECK-STDERR:  5 |     return relu(x @ w)
# CHECK-STDERR:    |                 ^~~~~
# CHECK-STDERR: hint: for `a @ b` the last dimension of `a` must equal the second-to-last of `b`
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at layer (shape_matmul.ts:5:17)
# CHECK-STDERR:   at model (shape_matmul.ts:8:12)
# CHECK-STDERR:   at <module> (shape_matmul.ts:10:1)
