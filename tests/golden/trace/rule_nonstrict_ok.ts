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
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 0 errors
