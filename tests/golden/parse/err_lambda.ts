# RUN: tcc parse %s
# RUN-EXIT: 1
# lambda parameters follow the rules of def parameters.
f = lambda x, x: x
g = lambda a=1, b: a

# CHECK-STDERR: err_lambda.ts:4:15: error: duplicate parameter `x` [TS1001 syntax_error]
# CHECK-STDERR:  4 | f = lambda x, x: x
# CHECK-STDERR:    |               ^
# CHECK-STDERR: err_lambda.ts:5:17: error: parameter `b` without a default follows one with a default [TS1001 syntax_error]
# CHECK-STDERR:  5 | g = lambda a=1, b: a
# CHECK-STDERR:    |                 ^
# CHECK-STDERR: hint: give it a default or move it before the parameters with defaults
