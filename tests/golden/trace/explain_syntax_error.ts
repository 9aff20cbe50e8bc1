# RUN: tcc explain %s
# RUN-EXIT: 1
# A program that does not parse: the syntax error is reported, exit 1.

def f(x:
    return x

# CHECK-STDERR: explain_syntax_error.ts:5:6: error: `(` was never closed [TS1004 unclosed_bracket]
# CHECK-STDERR:  5 | def f(x:
# CHECK-STDERR:    |      ^
# CHECK-STDERR: hint: add the matching closing bracket
