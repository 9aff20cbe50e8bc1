# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
f(x) = 3

# CHECK-STDERR: err_assign_to_call.ts:3:1: error: cannot assign to a function call [TS1009 invalid_target]
# CHECK-STDERR:  3 | f(x) = 3
# CHECK-STDERR:    | ^~~~
