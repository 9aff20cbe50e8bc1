# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
while True
    pass

# CHECK-STDERR: err_missing_colon_while.ts:3:11: error: expected `:` after `while` condition [TS1001 syntax_error]
# CHECK-STDERR:  3 | while True
# CHECK-STDERR:    |           ^
