# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = 1 $ 2
y = a ? b

# CHECK-STDERR: err_invalid_character.ts:3:7: error: invalid character `$` in program text [TS1005 invalid_character]
# CHECK-STDERR:  3 | x = 1 $ 2
# CHECK-STDERR:    |       ^
# CHECK-STDERR: hint: `$` is not an operator in TensorScript
# CHECK-STDERR: err_invalid_character.ts:4:7: error: invalid character `?` in program text [TS1005 invalid_character]
# CHECK-STDERR:  4 | y = a ? b
# CHECK-STDERR:    |       ^
# CHECK-STDERR: hint: `?` is not an operator in TensorScript
# CHECK-STDERR: err_invalid_character.ts:3:9: error: unexpected number `2`; expected `;` or end of line [TS1001 syntax_error]
# CHECK-STDERR:  3 | x = 1 $ 2
# CHECK-STDERR:    |         ^
# CHECK-STDERR: err_invalid_character.ts:4:9: error: unexpected name `b`; expected `;` or end of line [TS1001 syntax_error]
# CHECK-STDERR:  4 | y = a ? b
# CHECK-STDERR:    |         ^
