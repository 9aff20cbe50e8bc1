# RUN: tcc lint %s
# Breaks inside an explicit error_on_graph_break(False) region are allowed.

def f(x):
    y = x.exp()
    with error_on_graph_break(False):
        print(y)
    return y

f(ones(2))

# CHECK-STDOUT: lint_allowed_passes.ts:7:9: warning: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  7 |         print(y)
# CHECK-STDOUT:    |         ^~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     lint_allowed_passes.ts:10:1  in <module>   f(ones(2))
# CHECK-STDOUT:     lint_allowed_passes.ts:7:9   in f   print(y)
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 0 problems, 1 allowed graph break (error_on_graph_break(False)) - passed
