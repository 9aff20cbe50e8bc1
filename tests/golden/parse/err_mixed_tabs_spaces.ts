# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f():
	x = 1
        y = 2

# CHECK-STDERR: err_mixed_tabs_spaces.ts:5:1: error: indentation mixes tabs and spaces [TS1003 mixed_tabs_spaces]
# CHECK-STDERR:  5 |         y = 2
# CHECK-STDERR:    | ^~~~~~~~
# CHECK-STDERR: hint: indent with spaces only (4 per level)
