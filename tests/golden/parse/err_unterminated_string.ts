# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
x = "abc
y = 'def

# CHECK-STDERR: err_unterminated_string.ts:3:5: error: unterminated string literal [TS1008 invalid_literal]
# CHECK-STDERR:  3 | x = "abc
# CHECK-STDERR:    |     ^~~~
# CHECK-STDERR: hint: close the string with the same quote on this line
# CHECK-STDERR: err_unterminated_string.ts:4:5: error: unterminated string literal [TS1008 invalid_literal]
# CHECK-STDERR:  4 | y = 'def
# CHECK-STDERR:    |     ^~~~
# CHECK-STDERR: hint: close the string with the same quote on this line
