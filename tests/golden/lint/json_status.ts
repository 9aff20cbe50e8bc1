# RUN: tcc lint --format json --root . --statistics %s
# RUN-EXIT: 1
# JSON output: each finding's status (failing, allowed, suppressed), the
# suppression's reason, the normalised source and the fingerprint (pinned
# here: a change to it would invalidate every baseline).

def f(x):
    print(x)               # tcc: allow[side_effect_io] progress output
    n = x.sum().item()
    with error_on_graph_break(False):
        graph_break()
    return x * n

f(ones(2))

# CHECK-STDOUT: {
# CHECK-STDOUT:   "allowed": 1,
# CHECK-STDOUT:   "baselined": 0,
# CHECK-STDOUT:   "failing": 1,
# CHECK-STDOUT:   "files": [
# CHECK-STDOUT:     {
# CHECK-STDOUT:       "file": "json_status.ts",
# CHECK-STDOUT:       "findings": [
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "allowed": false,
# CHECK-STDOUT:           "code": "TS4002",
# CHECK-STDOUT:           "column": 5,
# CHECK-STDOUT:           "count": 1,
# CHECK-STDOUT:           "end_column": 13,
# CHECK-STDOUT:           "end_line": 8,
# CHECK-STDOUT:           "fails": false,
# CHECK-STDOUT:           "file": "json_status.ts",
# CHECK-STDOUT:           "fingerprint": "853e967c5d2406b6",
# CHECK-STDOUT:           "function": "f",
# CHECK-STDOUT:           "hint": "move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`",
# CHECK-STDOUT:           "kind": "side_effect_io",
# CHECK-STDOUT:           "line": 8,
# CHECK-STDOUT:           "message": "`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)",
# CHECK-STDOUT:           "origin": "",
# CHECK-STDOUT:           "source": "print(x)",
# CHECK-STDOUT:           "status": "suppressed",
# CHECK-STDOUT:           "status_note": "progress output",
# CHECK-STDOUT:           "uri": "json_status.ts"
# CHECK-STDOUT:         },
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "allowed": false,
# CHECK-STDOUT:           "code": "TS4003",
# CHECK-STDOUT:           "column": 17,
# CHECK-STDOUT:           "count": 1,
# CHECK-STDOUT:           "end_column": 23,
# CHECK-STDOUT:           "end_line": 9,
# CHECK-STDOUT:           "fails": true,
# CHECK-STDOUT:           "file": "json_status.ts",
# CHECK-STDOUT:           "fingerprint": "c54c4446c048ffca",
# CHECK-STDOUT:           "function": "f",
# CHECK-STDOUT:           "hint": "keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function",
# CHECK-STDOUT:           "kind": "tensor_to_scalar",
# CHECK-STDOUT:           "line": 9,
# CHECK-STDOUT:           "message": "`.item()` copies tensor data into a Python number (lint treats every entry as under `error_on_graph_break(True)`)",
# CHECK-STDOUT:           "origin": "",
# CHECK-STDOUT:           "source": "n = x.sum().item()",
# CHECK-STDOUT:           "status": "failing",
# CHECK-STDOUT:           "status_note": "",
# CHECK-STDOUT:           "uri": "json_status.ts"
# CHECK-STDOUT:         },
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "allowed": true,
# CHECK-STDOUT:           "code": "TS4001",
# CHECK-STDOUT:           "column": 9,
# CHECK-STDOUT:           "count": 1,
# CHECK-STDOUT:           "end_column": 22,
# CHECK-STDOUT:           "end_line": 11,
# CHECK-STDOUT:           "fails": false,
# CHECK-STDOUT:           "file": "json_status.ts",
# CHECK-STDOUT:           "fingerprint": "f8f1c0ba78c5d0a5",
# CHECK-STDOUT:           "function": "f",
# CHECK-STDOUT:           "hint": "remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay",
# CHECK-STDOUT:           "kind": "graph_break_call",
# CHECK-STDOUT:           "line": 11,
# CHECK-STDOUT:           "message": "call to `graph_break()`",
# CHECK-STDOUT:           "origin": "",
# CHECK-STDOUT:           "source": "graph_break()",
# CHECK-STDOUT:           "status": "allowed",
# CHECK-STDOUT:           "status_note": "",
# CHECK-STDOUT:           "uri": "json_status.ts"
# CHECK-STDOUT:         }
# CHECK-STDOUT:       ],
# CHECK-STDOUT:       "graph_break_count": 3,
# CHECK-STDOUT:       "graph_count": 1
# CHECK-STDOUT:     }
# CHECK-STDOUT:   ],
# CHECK-STDOUT:   "other_findings": [],
# CHECK-STDOUT:   "passed": false,
# CHECK-STDOUT:   "statistics": [
# CHECK-STDOUT:     {
# CHECK-STDOUT:       "allowed": 1,
# CHECK-STDOUT:       "baselined": 0,
# CHECK-STDOUT:       "code": "TS4001",
# CHECK-STDOUT:       "count": 1,
# CHECK-STDOUT:       "failing": 0,
# CHECK-STDOUT:       "kind": "graph_break_call",
# CHECK-STDOUT:       "suppressed": 0
# CHECK-STDOUT:     },
# CHECK-STDOUT:     {
# CHECK-STDOUT:       "allowed": 0,
# CHECK-STDOUT:       "baselined": 0,
# CHECK-STDOUT:       "code": "TS4002",
# CHECK-STDOUT:       "count": 1,
# CHECK-STDOUT:       "failing": 0,
# CHECK-STDOUT:       "kind": "side_effect_io",
# CHECK-STDOUT:       "suppressed": 1
# CHECK-STDOUT:     },
# CHECK-STDOUT:     {
# CHECK-STDOUT:       "allowed": 0,
# CHECK-STDOUT:       "baselined": 0,
# CHECK-STDOUT:       "code": "TS4003",
# CHECK-STDOUT:       "count": 1,
# CHECK-STDOUT:       "failing": 1,
# CHECK-STDOUT:       "kind": "tensor_to_scalar",
# CHECK-STDOUT:       "suppressed": 0
# CHECK-STDOUT:     }
# CHECK-STDOUT:   ],
# CHECK-STDOUT:   "strict": false,
# CHECK-STDOUT:   "suppressed": 1
# CHECK-STDOUT: }
