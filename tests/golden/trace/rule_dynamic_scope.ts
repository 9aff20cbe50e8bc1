# RUN: tcc explain %s
# RUN-EXIT: 1
# One helper reached under error_on_graph_break(True) and under (False): the
# same site is an error on one path and an allowed fallback on the other.

def helper(x):
    y = x + 1
    graph_break()
    return y

@error_on_graph_break(True)
def strict(x):
    return helper(x)

@error_on_graph_break(False)
def lenient(x):
    return helper(x)

x = ones(3)
strict(x)
lenient(x)

# CHECK-STDOUT: tcc explain rule_dynamic_scope.ts
# CHECK-STDOUT:
# CHECK-STDOUT: strict(x: float32[3])  [@error_on_graph_break(True)]   entered at rule_dynamic_scope.ts:20:1
# CHECK-STDOUT:   graph 1  1 op  add  (lines 7)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   error    rule_dynamic_scope.ts:8:5  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   1 graph, 0 graph breaks, 1 error
# CHECK-STDOUT:
# CHECK-STDOUT: lenient(x: float32[3])  [@error_on_graph_break(False)]   entered at rule_dynamic_scope.ts:21:1
# CHECK-STDOUT:   graph 1  1 op  add  (lines 7)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   break    rule_dynamic_scope.ts:8:5  graph_break_call [TS4001]  call to `graph_break()`  (allowed by error_on_graph_break(False))
# CHECK-STDOUT:   1 graph, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: rule_dynamic_scope.ts:8:5: error: call to `graph_break()` (graph breaks are errors under `error_on_graph_break(True)`) [TS4001 graph_break_call]
# CHECK-STDOUT:  8 |     graph_break()
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_dynamic_scope.ts:20:1   in <module>   strict(x)
# CHECK-STDOUT:     rule_dynamic_scope.ts:13:12  in strict   return helper(x)
# CHECK-STDOUT:     rule_dynamic_scope.ts:8:5    in helper   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_dynamic_scope.ts:8:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  8 |     graph_break()
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_dynamic_scope.ts:21:1   in <module>   lenient(x)
# CHECK-STDOUT:     rule_dynamic_scope.ts:17:12  in lenient   return helper(x)
# CHECK-STDOUT:     rule_dynamic_scope.ts:8:5    in helper   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 2 graphs, 1 graph break at 1 site, 1 error
