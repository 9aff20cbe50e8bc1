# RUN: tcc run --eager %s
# RUN-EXIT: 1
class A:
    w: int

a = A(1)
print(a.weight)

# CHECK-STDERR: attribute.ts:7:7: error: `A` object has no attribute `weight` [TS3003 attribute_error]
# CHECK-STDERR:  7 | print(a.weight)
# CHECK-STDERR:    |       ^~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (attribute.ts:7:7)
