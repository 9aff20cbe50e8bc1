# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = a : b

# CHECK-STDERR: err_colon_in_expression.ts:3:7: error: expected `;` or end of line, found `:` [TS1001 syntax_error]
# CHECK-STDERR:  3 | x = a : b
# CHECK-STDERR:    |       ^
