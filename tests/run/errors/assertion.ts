# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = 3
assert x < 2, "x must be small"

# CHECK-STDERR: assertion.ts:4:1: error: assertion failed: x must be small [TS3013 assertion_error]
# CHECK-STDERR:  4 | assert x < 2, "x must be small"
# CHECK-STDERR:    | ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (assertion.ts:4:1)
