# RUN: tcc explain %s
# error_on_graph_break(False)(fn) wraps a plain function and a bound method
# of a module-scope object; both run under error_on_graph_break(True).

def third_party(x):
    graph_break()
    return x + 1

class Layer:
    def forward(self, x):
        x = x * 3
        graph_break()
        return x - 1

tolerant = error_on_graph_break(False)(third_party)
layer = Layer()
layer.forward = error_on_graph_break(False)(layer.forward)

@error_on_graph_break(True)
def model(x):
    return layer.forward(tolerant(x))

model(ones(2))

# CHECK-STDOUT: tcc explain rule_eogb_wrappers.ts
# CHECK-STDOUT:
# CHECK-STDOUT: model(x: float32[2])  [@error_on_graph_break(True)]   entered at rule_eogb_wrappers.ts:23:1
# CHECK-STDOUT:   graph 1  2 ops  add, mul  (lines 7, 11)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add, mul
# CHECK-STDOUT:   graph 2  1 op   sub  (lines 13)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] sub
# CHECK-STDOUT:   break    rule_eogb_wrappers.ts:6:5  graph_break_call [TS4001]  call to `graph_break()`  (allowed by error_on_graph_break(False))
# CHECK-STDOUT:   break    rule_eogb_wrappers.ts:12:9  graph_break_call [TS4001]  call to `graph_break()`  (allowed by error_on_graph_break(False))
# CHECK-STDOUT:   2 graphs, 2 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: rule_eogb_wrappers.ts:6:5: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  6 |     graph_break()
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_eogb_wrappers.ts:23:1   in <module>   model(ones(2))
# CHECK-STDOUT:     rule_eogb_wrappers.ts:21:26  in model   return layer.forward(tolerant(x))
# CHECK-STDOUT:     rule_eogb_wrappers.ts:6:5    in third_party   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_eogb_wrappers.ts:12:9: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  12 |         graph_break()
# CHECK-STDOUT:     |         ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_eogb_wrappers.ts:23:1   in <module>   model(ones(2))
# CHECK-STDOUT:     rule_eogb_wrappers.ts:21:18  in model   return layer.forward(tolerant(x))
# CHECK-STDOUT:     rule_eogb_wrappers.ts:12:9   in Layer.forward   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 2 graphs, 2 graph breaks at 2 sites, 0 errors
