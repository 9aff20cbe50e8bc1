# RUN: tcc run --eager %s
# RUN-EXIT: 1
xs = [1, 2, 3]
i = 3
print(xs[i])

# CHECK-STDERR: index_list.ts:5:7: error: list index 3 is out of range for length 3 [TS3004 index_error]
# CHECK-STDERR:  5 | print(xs[i])
# CHECK-STDERR:    |       ^~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (index_list.ts:5:7)
