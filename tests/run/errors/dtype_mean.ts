# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = arange(4)
print(x.mean())

# CHECK-STDERR: dtype_mean.ts:4:7: error: mean(): input dtype must be floating point, got int64 [TS3009 dtype_error]
# CHECK-STDERR:  4 | print(x.mean())
# CHECK-STDERR:    |       ^~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (dtype_mean.ts:4:7)
