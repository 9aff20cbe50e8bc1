# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f():

# CHECK-STDERR: err_def_without_body_eof.ts:3:9: error: expected an indented block after the `def` line [TS1001 syntax_error]
# CHECK-STDERR:  3 | def f():
# CHECK-STDERR:    |         ^
# CHECK-STDERR: hint: write `pass` for an empty body
