# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f():

x = 1

# CHECK-STDERR: err_def_without_body.ts:5:1: error: expected an indented block after the `def` line [TS1001 syntax_error]
# CHECK-STDERR:  5 | x = 1
# CHECK-STDERR:    | ^
# CHECK-STDERR: hint: write `pass` for an empty body
