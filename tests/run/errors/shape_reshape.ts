# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = arange(6)
y = x.reshape(4, -1)

# CHECK-STDERR: shape_reshape.ts:4:5: error: shape [4, -1] is invalid for input of size 6 [TS3008 shape_error]
# CHECK-STDERR:  4 | y = x.reshape(4, -1)
# CHECK-STDERR:    |     ^~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (shape_reshape.ts:4:5)
