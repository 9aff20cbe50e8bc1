# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
if x:
print(x)

# CHECK-STDERR: err_if_without_body.ts:4:1: error: expected an indented block after the `if` line [TS1001 syntax_error]
# CHECK-STDERR:  4 | print(x)
# CHECK-STDERR:    | ^~~~~
