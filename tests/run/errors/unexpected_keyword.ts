# RUN: tcc run --eager %s
# RUN-EXIT: 1
print(sum(ones(3), axes=0))

# CHECK-STDERR: unexpected_keyword.ts:3:7: error: `sum()` got an unexpected keyword argument `axes` [TS3007 argument_error]
# CHECK-STDERR:  3 | print(sum(ones(3), axes=0))
# CHECK-STDERR:    |       ^~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (unexpected_keyword.ts:3:7)
