# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
class C
    x: int

# CHECK-STDERR: err_missing_colon_class.ts:3:8: error: expected `:` after the class name [TS1001 syntax_error]
# CHECK-STDERR:  3 | class C
# CHECK-STDERR:    |        ^
