# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = zeros(3, 4)
print(x[1, 7])

# CHECK-STDERR: index_tensor.ts:4:7: error: index 7 is out of range for dimension 1 of size 4 [TS3004 index_error]
# CHECK-STDERR:  4 | print(x[1, 7])
# CHECK-STDERR:    |       ^~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (index_tensor.ts:4:7)
