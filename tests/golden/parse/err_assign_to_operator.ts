# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
a + b = c

# CHECK-STDERR: err_assign_to_operator.ts:3:1: error: cannot assign to an operator expression [TS1009 invalid_target]
# CHECK-STDERR:  3 | a + b = c
# CHECK-STDERR:    | ^~~~~
