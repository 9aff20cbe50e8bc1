# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
café = 1

# CHECK-STDERR: err_non_ascii_name.ts:3:4: error: invalid character `é` in program text [TS1005 invalid_character]
# CHECK-STDERR:  3 | café = 1
# CHECK-STDERR:    |    ^~
# CHECK-STDERR: hint: identifiers and operators are ASCII; non-ASCII text belongs in strings or comments
