# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x =

# CHECK-STDERR: err_missing_expression.ts:3:4: error: expected an expression, found end of line [TS1001 syntax_error]
# CHECK-STDERR:  3 | x =
# CHECK-STDERR:    |    ^
