# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = 99999999999999999999

# CHECK-STDERR: err_int_too_large.ts:3:5: error: integer literal `99999999999999999999` does not fit in 64 bits [TS1008 invalid_literal]
# CHECK-STDERR:  3 | x = 99999999999999999999
# CHECK-STDERR:    |     ^~~~~~~~~~~~~~~~~~~~
