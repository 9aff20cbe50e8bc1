# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
s = "\x4"

# CHECK-STDERR: err_bad_escape.ts:3:5: error: invalid escape in string literal: `\x` needs 2 hex digits [TS1008 invalid_literal]
# CHECK-STDERR:  3 | s = "\x4"
# CHECK-STDERR:    |     ^~~~~
