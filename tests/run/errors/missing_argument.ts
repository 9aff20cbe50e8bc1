# RUN: tcc run --eager %s
# RUN-EXIT: 1
class Lin:
    w: Tensor
    b: Tensor

lin = Lin(ones(2))

# CHECK-STDERR: missing_argument.ts:7:7: error: `Lin()` missing required field `b` [TS3007 argument_error]
# CHECK-STDERR:  7 | lin = Lin(ones(2))
# CHECK-STDERR:    |       ^~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (missing_argument.ts:7:7)
