# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
print(f(x, [1, 2)

# CHECK-STDERR: err_unclosed_bracket_call.ts:3:8: error: `(` was never closed [TS1004 unclosed_bracket]
# CHECK-STDERR:  3 | print(f(x, [1, 2)
# CHECK-STDERR:    |        ^
# CHECK-STDERR: hint: add the matching closing bracket
