# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
def f(a, a):
    pass

# CHECK-STDERR: err_duplicate_param.ts:3:10: error: duplicate parameter `a` [TS1001 syntax_error]
# CHECK-STDERR:  3 | def f(a, a):
# CHECK-STDERR:    |          ^
