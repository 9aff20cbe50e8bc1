# RUN: tcc lint --max-breaks 2 %s
# RUN: tcc lint --max-breaks 1 %s
# RUN-EXIT: 1
# --max-breaks N tolerates up to N failing graph breaks; one more fails.

def f(x):
    print(x)
    n = x.sum().item()
    return x * n

f(ones(2))

# CHECK-STDOUT: max_breaks.ts:7:5: error: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  7 |     print(x)
# CHECK-STDOUT:    |     ^~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     max_breaks.ts:11:1  in <module>   f(ones(2))
# CHECK-STDOUT:     max_breaks.ts:7:5   in f   print(x)
# CHECK-STDOUT:
# CHECK-STDOUT: max_breaks.ts:8:17: error: `.item()` copies tensor data into a Python number [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  8 |     n = x.sum().item()
# CHECK-STDOUT:    |                 ^~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     max_breaks.ts:11:1  in <module>   f(ones(2))
# CHECK-STDOUT:     max_breaks.ts:8:17  in f   n = x.sum().item()
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 2 problems, 2 of at most 2 graph breaks - passed
# CHECK-STDOUT: max_breaks.ts:7:5: error: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  7 |     print(x)
# CHECK-STDOUT:    |     ^~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     max_breaks.ts:11:1  in <module>   f(ones(2))
# CHECK-STDOUT:     max_breaks.ts:7:5   in f   print(x)
# CHECK-STDOUT:
# CHECK-STDOUT: max_breaks.ts:8:17: error: `.item()` copies tensor data into a Python number [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  8 |     n = x.sum().item()
# CHECK-STDOUT:    |                 ^~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     max_breaks.ts:11:1  in <module>   f(ones(2))
# CHECK-STDOUT:     max_breaks.ts:8:17  in f   n = x.sum().item()
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 2 problems, 2 of at most 1 graph breaks - failed
