# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
  x = 1

# CHECK-STDERR: err_unexpected_indent_first_line.ts:3:3: error: unexpected indentation [TS1002 bad_indentation]
# CHECK-STDERR:  3 |   x = 1
# CHECK-STDERR:    |   ^
# CHECK-STDERR: hint: indent a line only at the start of a block (after a line ending in `:`)
