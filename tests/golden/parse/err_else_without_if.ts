# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = 1
else:
    pass

# CHECK-STDERR: err_else_without_if.ts:4:1: error: `else` without a matching `if` [TS1001 syntax_error]
# CHECK-STDERR:  4 | else:
# CHECK-STDERR:    | ^~~~
# CHECK-STDERR: hint: line `else` up with the `if` it belongs to
