# RUN: tcc explain --format json %s
# The JSON report for tools.

@error_on_graph_break(False)
def helper(x):
    graph_break()
    return x + 1

def f(x):
    return helper(x * 2)

f(ones(3))

# CHECK-STDOUT: {
# CHECK-STDOUT:   "error_count": 0,
# CHECK-STDOUT:   "errors": [],
# CHECK-STDOUT:   "file": "explain_json.ts",
# CHECK-STDOUT:   "functions": [
# CHECK-STDOUT:     {
# CHECK-STDOUT:       "breaks": [
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "allowed": true,
# CHECK-STDOUT:           "column": 5,
# CHECK-STDOUT:           "count": 1,
# CHECK-STDOUT:           "error": false,
# CHECK-STDOUT:           "kind": "graph_break_call",
# CHECK-STDOUT:           "line": 6
# CHECK-STDOUT:         }
# CHECK-STDOUT:       ],
# CHECK-STDOUT:       "entered_from": [
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "column": 1,
# CHECK-STDOUT:           "file": "explain_json.ts",
# CHECK-STDOUT:           "function": "<module>",
# CHECK-STDOUT:           "line": 12
# CHECK-STDOUT:         }
# CHECK-STDOUT:       ],
# CHECK-STDOUT:       "error_count": 0,
# CHECK-STDOUT:       "file": "explain_json.ts",
# CHECK-STDOUT:       "function": "f",
# CHECK-STDOUT:       "graph_break_count": 1,
# CHECK-STDOUT:       "graph_count": 1,
# CHECK-STDOUT:       "graphs": [
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "kernels": "1 loop nest: [elementwise] add",
# CHECK-STDOUT:           "lines": [
# CHECK-STDOUT:             7
# CHECK-STDOUT:           ],
# CHECK-STDOUT:           "locations": [
# CHECK-STDOUT:             "explain_json.ts:7"
# CHECK-STDOUT:           ],
# CHECK-STDOUT:           "loop_nests": 1,
# CHECK-STDOUT:           "name": "f_s0_g0",
# CHECK-STDOUT:           "op_count": 1,
# CHECK-STDOUT:           "ops": [
# CHECK-STDOUT:             "add"
# CHECK-STDOUT:           ]
# CHECK-STDOUT:         }
# CHECK-STDOUT:       ],
# CHECK-STDOUT:       "guards": [
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "dtype": "float32",
# CHECK-STDOUT:           "kind": "tensor",
# CHECK-STDOUT:           "path": "x",
# CHECK-STDOUT:           "shape": [
# CHECK-STDOUT:             3
# CHECK-STDOUT:           ]
# CHECK-STDOUT:         },
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "kind": "def",
# CHECK-STDOUT:           "path": "helper",
# CHECK-STDOUT:           "value": "main.helper@5"
# CHECK-STDOUT:         }
# CHECK-STDOUT:       ],
# CHECK-STDOUT:       "interpreted": [],
# CHECK-STDOUT:       "line": 9,
# CHECK-STDOUT:       "loops": [],
# CHECK-STDOUT:       "module": "main",
# CHECK-STDOUT:       "policy": "",
# CHECK-STDOUT:       "signature": "(x: float32[3])"
# CHECK-STDOUT:     }
# CHECK-STDOUT:   ],
# CHECK-STDOUT:   "graph_break_count": 1,
# CHECK-STDOUT:   "graph_break_sites": 1,
# CHECK-STDOUT:   "graph_breaks": [
# CHECK-STDOUT:     {
# CHECK-STDOUT:       "allowed": true,
# CHECK-STDOUT:       "code": "TS4001",
# CHECK-STDOUT:       "column": 5,
# CHECK-STDOUT:       "count": 1,
# CHECK-STDOUT:       "end_column": 18,
# CHECK-STDOUT:       "end_line": 6,
# CHECK-STDOUT:       "explanation": "user-inserted graph break: the graph ends here and the call runs in the interpreter",
# CHECK-STDOUT:       "file": "explain_json.ts",
# CHECK-STDOUT:       "function": "helper",
# CHECK-STDOUT:       "hint": "remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay",
# CHECK-STDOUT:       "kind": "graph_break_call",
# CHECK-STDOUT:       "line": 6,
# CHECK-STDOUT:       "name": "GraphBreakCall",
# CHECK-STDOUT:       "reason": "call to `graph_break()`",
# CHECK-STDOUT:       "user_stack": [
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "column": 1,
# CHECK-STDOUT:           "file": "explain_json.ts",
# CHECK-STDOUT:           "function": "<module>",
# CHECK-STDOUT:           "line": 12
# CHECK-STDOUT:         },
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "column": 12,
# CHECK-STDOUT:           "file": "explain_json.ts",
# CHECK-STDOUT:           "function": "f",
# CHECK-STDOUT:           "line": 10
# CHECK-STDOUT:         },
# CHECK-STDOUT:         {
# CHECK-STDOUT:           "column": 5,
# CHECK-STDOUT:           "file": "explain_json.ts",
# CHECK-STDOUT:           "function": "helper",
# CHECK-STDOUT:           "line": 6
# CHECK-STDOUT:         }
# CHECK-STDOUT:       ]
# CHECK-STDOUT:     }
# CHECK-STDOUT:   ],
# CHECK-STDOUT:   "graph_count": 1,
# CHECK-STDOUT:   "kernel_count": 1,
# CHECK-STDOUT:   "segment_count": 1,
# CHECK-STDOUT:   "warnings": []
# CHECK-STDOUT: }
