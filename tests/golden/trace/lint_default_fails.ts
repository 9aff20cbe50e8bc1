# RUN: tcc lint %s
# RUN-EXIT: 1
# lint checks every entry as if under error_on_graph_break(True): a break with
# no explicit error_on_graph_break(False) around it fails.

def f(x):
    y = x.exp()
    print(y)
    return y

f(ones(2))

# CHECK-STDOUT: lint_default_fails.ts:8:5: error: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  8 |     print(y)
# CHECK-STDOUT:    |     ^~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     lint_default_fails.ts:11:1  in <module>   f(ones(2))
# CHECK-STDOUT:     lint_default_fails.ts:8:5   in f   print(y)
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 1 problem - failed
