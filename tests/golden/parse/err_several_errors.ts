# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = = 1
y = 2
z = 3 +
w = (1 2)
v = 5
if v
    pass

# CHECK-STDERR: err_several_errors.ts:3:5: error: unexpected `=`; expected an expression [TS1001 syntax_error]
# CHECK-STDERR:  3 | x = = 1
# CHECK-STDERR:    |     ^
# CHECK-STDERR: err_several_errors.ts:5:8: error: unexpected end of line; expected an expression [TS1001 syntax_error]
# CHECK-STDERR:  5 | z = 3 +
# CHECK-STDERR:    |        ^
# CHECK-STDERR: err_several_errors.ts:6:8: error: unexpected number `2`; expected `)` [TS1001 syntax_error]
# CHECK-STDERR:  6 | w = (1 2)
# CHECK-STDERR:    |        ^
# CHECK-STDERR: err_several_errors.ts:8:5: error: expected `:` after `if` condition [TS1001 syntax_error]
# CHECK-STDERR:  8 | if v
# CHECK-STDERR:    |     ^
