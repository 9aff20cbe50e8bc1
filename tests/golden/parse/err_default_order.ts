# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f(a=1, b):
    pass

# CHECK-STDERR: err_default_order.ts:3:12: error: parameter `b` without a default follows one with a default [TS1001 syntax_error]
# CHECK-STDERR:  3 | def f(a=1, b):
# CHECK-STDERR:    |            ^
# CHECK-STDERR: hint: give it a default or move it before the parameters with defaults
