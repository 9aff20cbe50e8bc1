# RUN: tcc explain %s
# RUN-EXIT: 1
# The policy in force where module scope enters a function applies to it:
# a module-scope `with error_on_graph_break(True)`, and the wrappers
# fullgraph(f) and error_on_graph_break(False)(f). Each is its own
# specialisation of `step`.

def step(x):
    y = x * 2
    graph_break()
    return y + 1

strict_step = fullgraph(step)
lenient_step = error_on_graph_break(False)(step)

x = ones(2)
with error_on_graph_break(True):
    step(x)
step(x)
strict_step(x)
lenient_step(x)

# CHECK-STDOUT: tcc explain rule_module_scope_policy.ts
# CHECK-STDOUT:
# CHECK-STDOUT: step(x: float32[2])  [error_on_graph_break(True)]   entered at rule_module_scope_policy.ts:18:5
# CHECK-STDOUT:   graph 1  1 op  mul  (lines 9)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   graph 2  1 op  add  (lines 11)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   error    rule_module_scope_policy.ts:10:5  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   2 graphs, 0 graph breaks, 1 error
# CHECK-STDOUT:
# CHECK-STDOUT: step(x: float32[2])   entered at rule_module_scope_policy.ts:19:1
# CHECK-STDOUT:   graph 1  1 op  mul  (lines 9)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   graph 2  1 op  add  (lines 11)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   break    rule_module_scope_policy.ts:10:5  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   2 graphs, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: step(x: float32[2])  [@fullgraph]   entered at rule_module_scope_policy.ts:20:1
# CHECK-STDOUT:   graph 1  1 op  mul  (lines 9)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   graph 2  1 op  add  (lines 11)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   error    rule_module_scope_policy.ts:10:5  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   2 graphs, 0 graph breaks, 1 error
# CHECK-STDOUT:
# CHECK-STDOUT: step(x: float32[2])  [@error_on_graph_break(False)]   entered at rule_module_scope_policy.ts:21:1
# CHECK-STDOUT:   graph 1  1 op  mul  (lines 9)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   graph 2  1 op  add  (lines 11)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   break    rule_module_scope_policy.ts:10:5  graph_break_call [TS4001]  call to `graph_break()`  (allowed by error_on_graph_break(False))
# CHECK-STDOUT:   2 graphs, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: rule_module_scope_policy.ts:10:5: error: call to `graph_break()` (graph breaks are errors under `error_on_graph_break(True)`) [TS4001 graph_break_call]
# CHECK-STDOUT:  10 |     graph_break()
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   occurrences: 2 (reached several times)
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_module_scope_policy.ts:18:5  in <module>   step(x)
# CHECK-STDOUT:     rule_module_scope_policy.ts:10:5  in step   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_module_scope_policy.ts:10:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  10 |     graph_break()
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_module_scope_policy.ts:19:1  in <module>   step(x)
# CHECK-STDOUT:     rule_module_scope_policy.ts:10:5  in step   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_module_scope_policy.ts:10:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  10 |     graph_break()
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_module_scope_policy.ts:21:1  in <module>   lenient_step(x)
# CHECK-STDOUT:     rule_module_scope_policy.ts:10:5  in step   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 8 graphs, 2 graph breaks at 2 sites, 1 error
