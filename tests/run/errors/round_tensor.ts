# RUN: tcc run --eager %s
# RUN-EXIT: 1
# round(tensor) is a TypeError (torch 1.13: "type Tensor doesn't define
# __round__"); compiled code raises it too (e2e case semantics_round_tensor).
def g(x):
    return round(x * 2)

print(g(tensor([1.5])))

# CHECK-STDERR: round_tensor.ts:6:12: error: `round()` needs a number, not `Tensor` [TS3001 type_error]
# CHECK-STDERR:  6 |     return round(x * 2)
# CHECK-STDERR:    |            ^~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at g (round_tensor.ts:6:12)
# CHECK-STDERR:   at <module> (round_tensor.ts:8:7)
