# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
del x
y = {x for x in xs}
try:
    pass

# CHECK-STDERR: err_python_only.ts:3:1: error: `del` is not supported in TensorScript [SyntaxError]
# CHECK-STDERR:  3 | del x
# CHECK-STDERR:    | ^~~
# CHECK-STDERR: err_python_only.ts:4:8: error: only list and dict comprehensions (`[e for x in xs]`, `{k: v for k in ks}`) and generator arguments `f(e for x in xs)` are supported in TensorScript [SyntaxError]
# CHECK-STDERR:  4 | y = {x for x in xs}
# CHECK-STDERR:    |        ^~~
# CHECK-STDERR: hint: TensorScript has no sets: build a list or a dict
# CHECK-STDERR: err_python_only.ts:5:1: error: `try` is not supported in TensorScript [SyntaxError]
# CHECK-STDERR:  5 | try:
# CHECK-STDERR:    | ^~~
