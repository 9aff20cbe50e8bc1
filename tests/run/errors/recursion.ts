# RUN: tcc run --eager %s
# RUN-EXIT: 1
def down(n):
    return down(n - 1) + 1

down(5)

# CHECK-STDERR: recursion.ts:4:12: error: maximum recursion depth exceeded (1000 nested calls) [TS3012 recursion_error]
# CHECK-STDERR:  4 |     return down(n - 1) + 1
# CHECK-STDERR:    |            ^~~~~~~~~~~
# CHECK-STDERR: hint: a recursive function probably has no base case that ends it
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   ... 985 more frames ...
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at down (recursion.ts:4:12)
# CHECK-STDERR:   at <module> (recursion.ts:6:1)
