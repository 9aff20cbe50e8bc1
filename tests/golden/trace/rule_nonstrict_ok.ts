# RUN: tcc explain %s
# RUN-EXIT: 1
# nonstrict_trace with @pytree inputs and outputs: graph_break() and print
# inside do not break, and its ops join the caller's single graph.

@pytree
class Pair:
    a: Tensor
    b: Tensor

@nonstrict_trace
def swap_scale(p, k):
    graph_break()
    print("tracing")
    return Pair(p.b * k, p.a)

@fullgraph
def entry(x, y):
    p = swap_scale(Pair(x, y), 2.0)
    return p.a + p.b

entry(ones(3), zeros(3))

# CHECK-STDOUT: tcc explain rule_nonstrict_ok.ts
# CHECK-STDOUT:
# CHECK-STDOUT: entry(x: float32[3], y: float32[3])  [@fullgraph]   entered at rule_nonstrict_ok.ts:22:1
# CHECK-STDOUT:   graph 1  1 op  add  (lines 20)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   error    rule_nonstrict_ok.ts:19:5  unsupported [TS4006]  `p` holds `Pair` object here, which a compiled segment cannot hand back (1 tensor op run in the interpreter)
# CHECK-STDOUT:   1 graph, 0 graph breaks, 1 error
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_ok.ts:19:5: error: `p` holds `Pair` object here, which a compiled segment cannot hand back (1 tensor op run in the interpreter) (graph breaks are errors under `fullgraph`) [UnsupportedConstruct]
# CHECK-STDOUT:  19 |     p = swap_scale(Pair(x, y), 2.0)
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: the tracer cannot represent this in a graph, so it runs in the interpreter
# CHECK-STDOUT:   hint: rewrite it with supported tensor operations, or move it out of the compiled function
# CHECK-STDOUT:   note: `fullgraph` guarantees one graph; `error_on_graph_break(False)` and `fullgraph(False)` have no effect under it
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_ok.ts:22:1  in <module>   entry(ones(3), zeros(3))
# CHECK-STDOUT:     rule_nonstrict_ok.ts:19:5  in entry   p = swap_scale(Pair(x, y), 2.0)
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_ok.ts:14:5: warning: I/O inside the nonstrict_trace function `swap_scale` happens only while tracing: the compiled program does not do it (an eager run does, on every call) [NonstrictSideEffect]
# CHECK-STDOUT:  14 |     print("tracing")
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~~~~
# CHECK-STDOUT:   hint: return the value and print it outside the nonstrict_trace function, or drop `nonstrict_trace`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_ok.ts:22:1  in <module>   entry(ones(3), zeros(3))
# CHECK-STDOUT:     rule_nonstrict_ok.ts:19:9  in entry   p = swap_scale(Pair(x, y), 2.0)
# CHECK-STDOUT:     rule_nonstrict_ok.ts:14:5  in swap_scale   print("tracing")
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 1 error, 1 warning
