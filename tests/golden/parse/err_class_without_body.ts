# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
class C:

# CHECK-STDERR: err_class_without_body.ts:3:9: error: expected an indented block after the `class` line [TS1001 syntax_error]
# CHECK-STDERR:  3 | class C:
# CHECK-STDERR:    |         ^
# CHECK-STDERR: hint: write `pass` for an empty body
