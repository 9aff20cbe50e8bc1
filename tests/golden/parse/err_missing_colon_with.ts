# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
with ctx as c
    pass

# CHECK-STDERR: err_missing_colon_with.ts:3:14: error: expected `:` after the `with` expression [TS1001 syntax_error]
# CHECK-STDERR:  3 | with ctx as c
# CHECK-STDERR:    |              ^
