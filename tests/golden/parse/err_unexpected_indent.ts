# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = 1
    y = 2

# CHECK-STDERR: err_unexpected_indent.ts:4:5: error: unexpected indentation [TS1002 bad_indentation]
# CHECK-STDERR:  4 |     y = 2
# CHECK-STDERR:    |     ^
# CHECK-STDERR: hint: indent a line only at the start of a block (after a line ending in `:`)
