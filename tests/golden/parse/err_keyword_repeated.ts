# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
f(x=1, x=2)

# CHECK-STDERR: err_keyword_repeated.ts:3:8: error: keyword argument `x` is repeated [TS1001 syntax_error]
# CHECK-STDERR:  3 | f(x=1, x=2)
# CHECK-STDERR:    |        ^
