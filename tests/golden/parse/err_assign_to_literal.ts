# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
1 = x
None = 2

# CHECK-STDERR: err_assign_to_literal.ts:3:1: error: cannot assign to a literal [TS1009 invalid_target]
# CHECK-STDERR:  3 | 1 = x
# CHECK-STDERR:    | ^
# CHECK-STDERR: err_assign_to_literal.ts:4:1: error: cannot assign to a literal [TS1009 invalid_target]
# CHECK-STDERR:  4 | None = 2
# CHECK-STDERR:    | ^~~~
