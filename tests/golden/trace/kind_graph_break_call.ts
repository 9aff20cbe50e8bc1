# RUN: tcc explain %s
# graph_break() deep in a callee splits the entry's graph there; the user
# stack runs through the inlined calls.

def leaf(x):
    y = x * 2
    graph_break()
    return y + 1

def middle(x):
    return leaf(x - 1)

def entry(x):
    return middle(x).sum()

print(entry(ones(4)))

# CHECK-STDOUT: tcc explain kind_graph_break_call.ts
# CHECK-STDOUT:
# CHECK-STDOUT: entry(x: float32[4])   entered at kind_graph_break_call.ts:16:7
# CHECK-STDOUT:   graph 1  1 op  mul  (lines 6)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   graph 2  1 op  add  (lines 8)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   break    kind_graph_break_call.ts:7:5  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   2 graphs, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: kind_graph_break_call.ts:7:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  7 |     graph_break()
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_graph_break_call.ts:16:7   in <module>   print(entry(ones(4)))
# CHECK-STDOUT:     kind_graph_break_call.ts:14:12  in entry   return middle(x).sum()
# CHECK-STDOUT:     kind_graph_break_call.ts:11:12  in middle   return leaf(x - 1)
# CHECK-STDOUT:     kind_graph_break_call.ts:7:5    in leaf   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 2 graphs, 1 graph break at 1 site, 0 errors
