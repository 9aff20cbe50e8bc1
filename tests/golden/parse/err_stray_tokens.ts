# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = 1 2
y = 3
z = 4 5

# CHECK-STDERR: err_stray_tokens.ts:3:7: error: unexpected number `2`; expected `;` or end of line [TS1001 syntax_error]
# CHECK-STDERR:  3 | x = 1 2
# CHECK-STDERR:    |       ^
# CHECK-STDERR: err_stray_tokens.ts:5:7: error: unexpected number `5`; expected `;` or end of line [TS1001 syntax_error]
# CHECK-STDERR:  5 | z = 4 5
# CHECK-STDERR:    |       ^
