# RUN: tcc run --eager %s
# RUN-EXIT: 1
# An in-place update cannot grow the tensor: [3] += [2, 3] would need [2, 3].
def accumulate(total, batch):
    total += batch
    return total

accumulate(zeros(3), ones(2, 3))

# CHECK-STDERR: inplace_shape.ts:5:5: error: output with shape [3] doesn't match the broadcast shape [2, 3] [TS3008 shape_error]
# CHECK-STDERR:  5 |     total += batch
# CHECK-STDERR:    |     ^~~~~~~~~~~~~~
# CHECK-STDERR: hint: shapes broadcast when, aligned from the right, each pair of sizes is equal or one of them is 1
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at accumulate (inplace_shape.ts:5:5)
# CHECK-STDERR:   at <module> (inplace_shape.ts:8:1)
