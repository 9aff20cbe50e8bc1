# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = 1)

# CHECK-STDERR: err_stray_close_paren.ts:3:6: error: unexpected `)`; expected `;` or end of line [TS1001 syntax_error]
# CHECK-STDERR:  3 | x = 1)
# CHECK-STDERR:    |      ^
