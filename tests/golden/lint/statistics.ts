# RUN: tcc lint --statistics --exit-zero %s
# --statistics counts findings per code; --exit-zero exits 0 despite them.

def f(x):
    print(x)
    print(x * 2)
    n = x.sum().item()
    with error_on_graph_break(False):
        graph_break()
    return x * n

f(ones(2))

# CHECK-STDOUT: statistics.ts:5:5: error: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  5 |     print(x)
# CHECK-STDOUT:    |     ^~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     statistics.ts:12:1  in <module>   f(ones(2))
# CHECK-STDOUT:     statistics.ts:5:5   in f   print(x)
# CHECK-STDOUT:
# CHECK-STDOUT: statistics.ts:6:5: error: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  6 |     print(x * 2)
# CHECK-STDOUT:    |     ^~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     statistics.ts:12:1  in <module>   f(ones(2))
# CHECK-STDOUT:     statistics.ts:6:5   in f   print(x * 2)
# CHECK-STDOUT:
# CHECK-STDOUT: statistics.ts:7:17: error: `.item()` copies tensor data into a Python number [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  7 |     n = x.sum().item()
# CHECK-STDOUT:    |                 ^~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     statistics.ts:12:1  in <module>   f(ones(2))
# CHECK-STDOUT:     statistics.ts:7:17  in f   n = x.sum().item()
# CHECK-STDOUT:
# CHECK-STDOUT: statistics.ts:9:9: warning: call to `graph_break()` [TS4001 graph_break_call]
# CHECK-STDOUT:  9 |         graph_break()
# CHECK-STDOUT:    |         ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: user-inserted graph break: the graph ends here and the call runs in the interpreter
# CHECK-STDOUT:   hint: remove the `graph_break()` call, or wrap the code in `nonstrict_trace` if it must stay
# CHECK-STDOUT:   allowed: inside an `error_on_graph_break(False)` region
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     statistics.ts:12:1  in <module>   f(ones(2))
# CHECK-STDOUT:     statistics.ts:9:9   in f   graph_break()
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 3 problems, 1 allowed graph break (error_on_graph_break(False)) - failed
# CHECK-STDOUT:
# CHECK-STDOUT: count  code    kind              failing  allowed  suppressed  baselined
# CHECK-STDOUT:     2  TS4002  side_effect_io          2        0           0          0
# CHECK-STDOUT:     1  TS4001  graph_break_call        0        1           0          0
# CHECK-STDOUT:     1  TS4003  tensor_to_scalar        1        0           0          0
