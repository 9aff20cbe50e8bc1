# RUN: tcc parse %s
# RUN-EXIT: 1
# Errors inside f-strings point into the string: a bad field expression at
# its own column, a field never closed, a lone `}`, an empty field.
a = f"ok {x} bad {x +} end"
b = f"open {x"
c = f"lone } brace"
d = f"empty {} field"
e = f"conv {x!z}"

# CHECK-STDERR: err_fstring.ts:5:19: error: invalid expression `x +` in an f-string [TS1001 syntax_error]
# CHECK-STDERR:  5 | a = f"ok {x} bad {x +} end"
# CHECK-STDERR:    |                   ^~~
# CHECK-STDERR: hint: a replacement field holds one expression: `{x}`, `{x + 1:.3f}`, `{name!r}`
# CHECK-STDERR: err_fstring.ts:6:12: error: an f-string field `{` is never closed [TS1001 syntax_error]
# CHECK-STDERR:  6 | b = f"open {x"
# CHECK-STDERR:    |            ^
# CHECK-STDERR: hint: write `{{` for a `{`
# CHECK-STDERR: err_fstring.ts:7:12: error: single `}` in an f-string [TS1001 syntax_error]
# CHECK-STDERR:  7 | c = f"lone } brace"
# CHECK-STDERR:    |            ^
# CHECK-STDERR: hint: write `}}` for a `}`
# CHECK-STDERR: err_fstring.ts:8:13: error: empty expression in an f-string field [TS1001 syntax_error]
# CHECK-STDERR:  8 | d = f"empty {} field"
# CHECK-STDERR:    |             ^~
# CHECK-STDERR: err_fstring.ts:9:14: error: an f-string conversion is `!r` or `!s` [TS1001 syntax_error]
# CHECK-STDERR:  9 | e = f"conv {x!z}"
# CHECK-STDERR:    |              ^~
