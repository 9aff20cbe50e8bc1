# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f():
 	x = 1

# CHECK-STDERR: err_mixed_tabs_spaces_one_line.ts:4:1: error: indentation mixes tabs and spaces [TS1003 mixed_tabs_spaces]
# CHECK-STDERR:  4 |   x = 1
# CHECK-STDERR:    | ^~
# CHECK-STDERR: hint: indent with spaces only (4 per level)
