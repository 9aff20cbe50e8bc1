# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
for i in range(3)
    pass

# CHECK-STDERR: err_missing_colon_for.ts:3:18: error: expected `:` after the `for` clause [TS1001 syntax_error]
# CHECK-STDERR:  3 | for i in range(3)
# CHECK-STDERR:    |                  ^
