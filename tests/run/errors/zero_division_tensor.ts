# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = tensor([4, 5])
print(x % 0)

# CHECK-STDERR: zero_division_tensor.ts:4:7: error: integer division by zero [TS3006 zero_division]
# CHECK-STDERR:  4 | print(x % 0)
# CHECK-STDERR:    |       ^~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (zero_division_tensor.ts:4:7)
