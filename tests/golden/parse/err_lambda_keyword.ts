# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
return = 1

# CHECK-STDERR: err_lambda_keyword.ts:3:8: error: expected `;` or end of line, found `=` [TS1001 syntax_error]
# CHECK-STDERR:  3 | return = 1
# CHECK-STDERR:    |        ^
