# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
f(x=1, 2)

# CHECK-STDERR: err_positional_after_keyword.ts:3:8: error: positional argument follows keyword argument [TS1001 syntax_error]
# CHECK-STDERR:  3 | f(x=1, 2)
# CHECK-STDERR:    |        ^
# CHECK-STDERR: hint: pass positional arguments first
