# RUN: tcc run --eager --diagnostic-format json %s
# RUN-EXIT: 1
# A run-time error as JSON: the traceback frames are notes.
def f(x):
    return x[3]

print(f([1, 2]))

# CHECK-STDERR: {
# CHECK-STDERR:   "diagnostics": [
# CHECK-STDERR:     {
# CHECK-STDERR:       "code": "TS3004",
# CHECK-STDERR:       "column": 12,
# CHECK-STDERR:       "end_column": 16,
# CHECK-STDERR:       "end_line": 5,
# CHECK-STDERR:       "file": "json_format.ts",
# CHECK-STDERR:       "hint": "",
# CHECK-STDERR:       "kind": "index_error",
# CHECK-STDERR:       "line": 5,
# CHECK-STDERR:       "message": "list index 3 is out of range for length 2",
# CHECK-STDERR:       "name": "RtIndexError",
# CHECK-STDERR:       "notes": [
# CHECK-STDERR:         {
# CHECK-STDERR:           "column": 12,
# CHECK-STDERR:           "file": "json_format.ts",
# CHECK-STDERR:           "line": 5,
# CHECK-STDERR:           "message": "in `f`"
# CHECK-STDERR:         },
# CHECK-STDERR:         {
# CHECK-STDERR:           "column": 7,
# CHECK-STDERR:           "file": "json_format.ts",
# CHECK-STDERR:           "line": 7,
# CHECK-STDERR:           "message": "in `<module>`"
# CHECK-STDERR:         }
# CHECK-STDERR:       ],
# CHECK-STDERR:       "severity": "error"
# CHECK-STDERR:     }
# CHECK-STDERR:   ]
# CHECK-STDERR: }
