# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = 0123

# CHECK-STDERR: err_leading_zero.ts:3:5: error: leading zeros are not allowed in `0123` [TS1008 invalid_literal]
# CHECK-STDERR:  3 | x = 0123
# CHECK-STDERR:    |     ^~~~
# CHECK-STDERR: hint: write `0o123` for an octal number
