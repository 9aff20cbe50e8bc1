# RUN: tcc explain %s
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
# CHECK-STDOUT: entry(x: float32[3], y: float32[3])  [@fullgraph]   entered at rule_nonstrict_ok.ts:21:1
# CHECK-STDOUT:   graph 1  2 ops  mul, add  (lines 14, 19)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul, add
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_ok.ts:13:5: warning: I/O inside the nonstrict_trace function `swap_scale` happens only while tracing: the compiled program does not do it (an eager run does, on every call) [TS5010 nonstrict_side_effect]
# CHECK-STDOUT:  13 |     print("tracing")
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~~~~
# CHECK-STDOUT:   hint: return the value and print it outside the nonstrict_trace function, or drop `nonstrict_trace`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_ok.ts:21:1  in <module>   entry(ones(3), zeros(3))
# CHECK-STDOUT:     rule_nonstrict_ok.ts:18:9  in entry   p = swap_scale(Pair(x, y), 2.0)
# CHECK-STDOUT:     rule_nonstrict_ok.ts:13:5  in swap_scale   print("tracing")
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 0 errors, 1 warning
