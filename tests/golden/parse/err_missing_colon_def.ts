# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f(x)
    return x

# CHECK-STDERR: err_missing_colon_def.ts:3:9: error: expected `:` after the function signature [TS1001 syntax_error]
# CHECK-STDERR:  3 | def f(x)
# CHECK-STDERR:    |         ^
