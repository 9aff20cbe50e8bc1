# RUN: tcc run --eager %s
# RUN-EXIT: 1
# An in-place update keeps the tensor's dtype: int64 cannot hold x + 0.5.
counts = zeros(3, dtype=int64)
counts += 0.5

# CHECK-STDERR: inplace_dtype.ts:5:1: error: result type float32 can't be cast to the desired output type int64 [TS3009 dtype_error]
# CHECK-STDERR:  5 | counts += 0.5
# CHECK-STDERR:    | ^~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (inplace_dtype.ts:5:1)
