# RUN: tcc run --eager %s
# RUN-EXIT: 1
# matmul needs equal dtypes.
a = ones(2, 2)
b = arange(4).reshape(2, 2)
c = a @ b

# CHECK-STDERR: dtype_mismatch.ts:6:5: error: matmul: dtypes differ: float32 @ int64 [TS3009 dtype_error]
# CHECK-STDERR:  6 | c = a @ b
# CHECK-STDERR:    |     ^~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (dtype_mismatch.ts:6:5)
