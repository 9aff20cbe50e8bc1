# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f():
    x = 1
  y = 2

# CHECK-STDERR: err_bad_dedent.ts:5:1: error: unindent does not match any outer indentation level [TS1002 bad_indentation]
# CHECK-STDERR:  5 |   y = 2
# CHECK-STDERR:    | ^~
# CHECK-STDERR: hint: indent this line exactly as far as the block it continues
