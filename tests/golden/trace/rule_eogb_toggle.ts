# RUN: tcc explain %s
# RUN-EXIT: 1
# error_on_graph_break nests and toggles; each block restores the setting
# around it, and a decorator applies to everything traced under the call.

def soft(x):
    graph_break()
    return x + 1

@error_on_graph_break(False)
def decorated_soft(x):
    graph_break()
    return x + 2

def entry(x):
    with error_on_graph_break(True):
        x = x * 2
        with error_on_graph_break(False):
            x = soft(x)
        x = decorated_soft(x)
        graph_break()
    graph_break()
    return x

entry(ones(3))

# CHECK-STDOUT: tcc explain rule_eogb_toggle.ts
# CHECK-STDOUT:
# CHECK-STDOUT: entry(x: float32[3])   entered at rule_eogb_toggle.ts:25:1
# CHECK-STDOUT:   graph 1  1 op  add  (lines 8)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   graph 2  1 op  add  (lines 13)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   break    rule_eogb_toggle.ts:7:5  graph_break_call [TS4001]  call to `graph_break()`  (allowed by error_on_graph_break(False))
# CHECK-STDOUT:   break    rule_eogb_toggle.ts:12:5  graph_break_call [TS4001]  call to `graph_break()`  (allowed by error_on_graph_break(False))
# CHECK-STDOUT:   error    rule_eogb_toggle.ts:21:9  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   break    rule_eogb_toggle.ts:22:5  graph_break_call [TS4001]  call to `graph_break()`
# CHECK-STDOUT:   interp   rule_eogb_toggle.ts:16:5  this `with` runs in the interpreter: a graph break inside it ends the graph, which resumes only after it (1 tensor op) (runs in the interpreter, not a break)
# CHECK-STDOUT:   2 graphs, 3 graph breaks, 1 error
# CHECK-STDOUT:
# CHECK-STDOUT: rule_eogb_toggle.ts:7:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  7 |     graph_break()
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_eogb_toggle.ts:25:1   in <module>   entry(ones(3))
# CHECK-STDOUT:     rule_eogb_toggle.ts:19:17  in entry   x = soft(x)
# CHECK-STDOUT:     rule_eogb_toggle.ts:7:5    in soft   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_eogb_toggle.ts:12:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  12 |     graph_break()
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_eogb_toggle.ts:25:1   in <module>   entry(ones(3))
# CHECK-STDOUT:     rule_eogb_toggle.ts:20:13  in entry   x = decorated_soft(x)
# CHECK-STDOUT:     rule_eogb_toggle.ts:12:5   in decorated_soft   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_eogb_toggle.ts:21:9: error: call to `graph_break()` (graph breaks are errors under `error_on_graph_break(True)`) [TS4001 graph_break_call]
# CHECK-STDOUT:  21 |         graph_break()
# CHECK-STDOUT:     |         ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_eogb_toggle.ts:25:1  in <module>   entry(ones(3))
# CHECK-STDOUT:     rule_eogb_toggle.ts:21:9  in entry   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_eogb_toggle.ts:22:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  22 |     graph_break()
# CHECK-STDOUT:     |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_eogb_toggle.ts:25:1  in <module>   entry(ones(3))
# CHECK-STDOUT:     rule_eogb_toggle.ts:22:5  in entry   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 2 graphs, 3 graph breaks at 3 sites, 1 error
