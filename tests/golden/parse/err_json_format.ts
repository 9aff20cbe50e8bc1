# RUN: tcc parse --diagnostic-format json %s
# RUN-EXIT: 1
def f(x)
    return x

# CHECK-STDERR: {
# CHECK-STDERR:   "diagnostics": [
# CHECK-STDERR:     {
# CHECK-STDERR:       "code": "TS1001",
# CHECK-STDERR:       "column": 9,
# CHECK-STDERR:       "end_column": 9,
# CHECK-STDERR:       "end_line": 3,
# CHECK-STDERR:       "file": "err_json_format.ts",
# CHECK-STDERR:       "hint": "",
# CHECK-STDERR:       "kind": "syntax_error",
# CHECK-STDERR:       "line": 3,
# CHECK-STDERR:       "message": "expected `:` after the function signature",
# CHECK-STDERR:       "name": "SyntaxError",
# CHECK-STDERR:       "notes": [],
# CHECK-STDERR:       "severity": "error"
# CHECK-STDERR:     }
# CHECK-STDERR:   ]
# CHECK-STDERR: }
