# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = [1, 2)

# CHECK-STDERR: err_unmatched_brackets.ts:3:10: error: expected `]`, found `)` [TS1001 syntax_error]
# CHECK-STDERR:  3 | x = [1, 2)
# CHECK-STDERR:    |          ^
