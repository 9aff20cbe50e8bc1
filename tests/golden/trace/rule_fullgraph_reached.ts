# RUN: tcc explain %s
# RUN-EXIT: 1
# A @fullgraph function must not break even when reached from a function
# that allows breaks; error_on_graph_break(False) inside it has no effect.
# The break in the caller itself stays an accepted fallback.

@fullgraph
def kernel(x):
    x = x * 2
    with error_on_graph_break(False):
        graph_break()
    return x + 1

def caller(x):
    y = kernel(x)
    graph_break()
    return y

caller(ones(2))

# CHECK-STDOUT: tcc explain rule_fullgraph_reached.ts
# CHECK-STDOUT:
# CHECK-STDOUT: caller(x: float32[2])   entered at rule_fullgraph_reached.ts:19:1
# CHECK-STDOUT:   graph 1  1 op  mul  (lines 9)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   graph 2  1 op  add  (lines 12)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   error    rule_fullgraph_reached.ts:11:9  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   break    rule_fullgraph_reached.ts:16:5  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   2 graphs, 1 graph break, 1 error
# CHECK-STDOUT:
# CHECK-STDOUT: rule_fullgraph_reached.ts:11:9: error: call to `graph_break()` (graph breaks are errors under `fullgraph`) [TS4001 graph_break_call]
# CHECK-STDOUT:  11 |         graph_break()
# CHECK-STDOUT:     |         ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   note: `fullgraph` guarantees one graph; `error_on_graph_break(False)` and `fullgraph(False)` have no effect under it
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_fullgraph_reached.ts:19:1  in <module>   caller(ones(2))
# CHECK-STDOUT:     rule_fullgraph_reached.ts:15:9  in caller   y = kernel(x)
# CHECK-STDOUT:     rule_fullgraph_reached.ts:11:9  in kernel   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_fullgraph_reached.ts:16:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  16 |     graph_break()
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_fullgraph_reached.ts:19:1  in <module>   caller(ones(2))
# CHECK-STDOUT:     rule_fullgraph_reached.ts:16:5  in caller   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 2 graphs, 1 graph break at 1 site, 1 error
