# RUN: tcc run --eager %s
# RUN-EXIT: 1
def ratio(a, b):
    return a // b

print(ratio(7, 0))

# CHECK-STDERR: zero_division_int.ts:4:12: error: integer division by zero [TS3006 zero_division]
# CHECK-STDERR:  4 |     return a // b
# CHECK-STDERR:    |            ^~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at ratio (zero_division_int.ts:4:12)
# CHECK-STDERR:   at <module> (zero_division_int.ts:6:7)
