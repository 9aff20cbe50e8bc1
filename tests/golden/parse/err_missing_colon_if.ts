# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
if x == 1
    pass

# CHECK-STDERR: err_missing_colon_if.ts:3:10: error: expected `:` after `if` condition [TS1001 syntax_error]
# CHECK-STDERR:  3 | if x == 1
# CHECK-STDERR:    |          ^
