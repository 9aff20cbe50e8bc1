# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = (1,
y = 2

# CHECK-STDERR: err_unclosed_paren.ts:3:5: error: `(` was never closed [TS1004 unclosed_bracket]
# CHECK-STDERR:  3 | x = (1,
# CHECK-STDERR:    |     ^
# CHECK-STDERR: hint: add the matching closing bracket
