# RUN: tcc lint --strict %s
# RUN-EXIT: 1
# --strict also fails on breaks that error_on_graph_break(False) allows.

@error_on_graph_break(False)
def f(x):
    y = x.exp()
    graph_break()
    return y

f(ones(2))

# CHECK-STDOUT: lint_strict_fails.ts:8:5: error: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  8 |     graph_break()
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     lint_strict_fails.ts:11:1  in <module>   f(ones(2))
# CHECK-STDOUT:     lint_strict_fails.ts:8:5   in f   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 1 problem - failed
