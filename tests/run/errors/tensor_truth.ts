# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = tensor([1.0, 2.0])
if x > 0:
    print("positive")

# CHECK-STDERR: tensor_truth.ts:4:4: error: the truth value of a tensor with 2 elements is ambiguous [TS3010 value_error]
# CHECK-STDERR:  4 | if x > 0:
# CHECK-STDERR:    |    ^~~~~
# CHECK-STDERR: hint: reduce it first, e.g. `(x > 0).all()` or `(x > 0).any()`
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (tensor_truth.ts:4:4)
