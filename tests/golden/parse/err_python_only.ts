# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
f = lambda x: x + 1
y = {x: 2 for x in xs}
try:
    pass

# CHECK-STDERR: err_python_only.ts:3:5: error: `lambda` is not supported in TensorScript [SyntaxError]
# CHECK-STDERR:  3 | f = lambda x: x + 1
# CHECK-STDERR:    |     ^~~~~~
# CHECK-STDERR: hint: define a named function with `def`
# CHECK-STDERR: err_python_only.ts:4:11: error: only list comprehensions `[e for x in xs]` and generator arguments `f(e for x in xs)` are supported in TensorScript [SyntaxError]
# CHECK-STDERR:  4 | y = {x: 2 for x in xs}
# CHECK-STDERR:    |           ^~~
# CHECK-STDERR: hint: build a dict or set with a `for` loop
# CHECK-STDERR: err_python_only.ts:5:1: error: `try` is not supported in TensorScript [SyntaxError]
# CHECK-STDERR:  5 | try:
# CHECK-STDERR:    | ^~~
