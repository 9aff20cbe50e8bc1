# RUN: tcc explain %s
# A break inside an unrolled loop counts once per iteration; the site is
# listed once with its count. A helper reached from two call sites too.

def log_step(x):
    print(x)
    return x

def train(x, steps):
    for i in range(steps):
        x = x * 0.5
        x = log_step(x)
    return log_step(x + 1)

train(ones(2), 3)

# CHECK-STDOUT: tcc explain rule_loop_breaks.ts
# CHECK-STDOUT:
# CHECK-STDOUT: train(x: float32[2], steps: int=3)   entered at rule_loop_breaks.ts:15:1
# CHECK-STDOUT:   no graph: its tensor operations run in the interpreter (the `interp` lines)
# CHECK-STDOUT:   break    rule_loop_breaks.ts:6:5  side_effect_io [TS4002]  `print(...)` inside a compiled function  x4
# CHECK-STDOUT:   interp   rule_loop_breaks.ts:10:5  this loop runs in the interpreter: a graph break inside it ends the graph, which resumes only after it (3 tensor ops) (runs in the interpreter, not a break)
# CHECK-STDOUT:   0 graphs, 4 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: rule_loop_breaks.ts:6:5: warning: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  6 |     print(x)
# CHECK-STDOUT:    |     ^~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   occurrences: 4 (reached several times)
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_loop_breaks.ts:15:1   in <module>   train(ones(2), 3)
# CHECK-STDOUT:     rule_loop_breaks.ts:12:13  in train   x = log_step(x)
# CHECK-STDOUT:     rule_loop_breaks.ts:6:5    in log_step   print(x)
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 0 graphs, 4 graph breaks at 1 site, 0 errors
