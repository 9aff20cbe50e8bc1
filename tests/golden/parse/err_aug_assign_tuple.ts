# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
a, b += 1

# CHECK-STDERR: err_aug_assign_tuple.ts:3:1: error: cannot assign to a tuple [TS1009 invalid_target]
# CHECK-STDERR:  3 | a, b += 1
# CHECK-STDERR:    | ^~~~
