# RUN: tcc lint --statistics %s
# RUN-EXIT: 1
# Suppressions: on the line, on the line above (a comment line of its own),
# a block, by kind, by code and by name, on a call of the user stack; an
# unused one and malformed ones are findings themselves.

def log(x):
    print(x)

def f(x):
    a = x.sum().item()   # tcc: allow[tensor_to_scalar] read once per call
    # tcc: allow[TS4002] progress output
    print(a)
    # tcc: allow-begin[SideEffectIO, data_dependent_branch] debugging block
    print(x)
    if x.sum() > 0:
        x = x * 2
    # tcc: allow-end
    log(x)               # tcc: allow[side_effect_io] the helper prints
    y = x + 1            # tcc: allow[dynamic_output_shape] nothing here breaks
    z = y[y > 0]
    print(z)             # tcc: allow[print] not a kind
    return y             # tcc: alow[side_effect_io] a typo

f(ones(2))
# tcc: allow-end

# CHECK-STDOUT: suppress.ts:21:11: error: boolean-mask indexing: the number of selected elements depends on the mask's data [TS4005 dynamic_output_shape]
# CHECK-STDOUT:  21 |     z = y[y > 0]
# CHECK-STDOUT:     |           ^~~~~
# CHECK-STDOUT:   explanation: boolean-mask indexing and similar ops produce a tensor whose size depends on the data, so its shape is unknown until run time
# CHECK-STDOUT:   hint: keep the shape static: use `where(mask, x, 0)` or multiply by the mask instead of selecting
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     suppress.ts:25:1   in <module>   f(ones(2))
# CHECK-STDOUT:     suppress.ts:21:11  in f   z = y[y > 0]
# CHECK-STDOUT:
# CHECK-STDOUT: suppress.ts:22:5: error: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  22 |     print(z)             # tcc: allow[print] not a kind
# CHECK-STDOUT:     |     ^~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     suppress.ts:25:1  in <module>   f(ones(2))
# CHECK-STDOUT:     suppress.ts:22:5  in f   print(z)             # tcc: allow[print] not a kind
# CHECK-STDOUT:
# CHECK-STDOUT: suppress.ts:22:26: error: `print` is not a graph-break kind or diagnostic code (see `tcc explain --code`) [TS7002 invalid_suppression]
# CHECK-STDOUT:  22 |     print(z)             # tcc: allow[print] not a kind
# CHECK-STDOUT:     |                          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT: hint: write `# tcc: allow[KIND] reason`, `# tcc: allow-begin[KIND] reason` ... `# tcc: allow-end`; KIND is a kind such as side_effect_io or a code such as TS4002
# CHECK-STDOUT:
# CHECK-STDOUT: suppress.ts:23:26: error: unknown `# tcc:` directive `alow` [TS7002 invalid_suppression]
# CHECK-STDOUT:  23 |     return y             # tcc: alow[side_effect_io] a typo
# CHECK-STDOUT:     |                          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT: hint: write `# tcc: allow[KIND] reason`, `# tcc: allow-begin[KIND] reason` ... `# tcc: allow-end`; KIND is a kind such as side_effect_io or a code such as TS4002
# CHECK-STDOUT:
# CHECK-STDOUT: suppress.ts:26:1: error: `# tcc: allow-end` without a matching `# tcc: allow-begin[...]` [TS7002 invalid_suppression]
# CHECK-STDOUT:  26 | # tcc: allow-end
# CHECK-STDOUT:     | ^~~~~~~~~~~~~~~~
# CHECK-STDOUT: hint: write `# tcc: allow[KIND] reason`, `# tcc: allow-begin[KIND] reason` ... `# tcc: allow-end`; KIND is a kind such as side_effect_io or a code such as TS4002
# CHECK-STDOUT:
# CHECK-STDOUT: suppress.ts:20:26: error: suppression `dynamic_output_shape` matches no finding on line 20 [TS7001 unused_suppression]
# CHECK-STDOUT:  20 |     y = x + 1            # tcc: allow[dynamic_output_shape] nothing here breaks
# CHECK-STDOUT:     |                          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT: hint: remove it (the construct it allowed is gone, or it is a compile error, which cannot be suppressed)
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 6 problems, 5 suppressed - failed
# CHECK-STDOUT:
# CHECK-STDOUT: count  code    kind                   failing  allowed  suppressed  baselined
# CHECK-STDOUT:     4  TS4002  side_effect_io               1        0           3          0
# CHECK-STDOUT:     3  TS7002  invalid_suppression          3        0           0          0
# CHECK-STDOUT:     1  TS4003  tensor_to_scalar             0        0           1          0
# CHECK-STDOUT:     1  TS4004  data_dependent_branch        0        0           1          0
# CHECK-STDOUT:     1  TS4005  dynamic_output_shape         1        0           0          0
# CHECK-STDOUT:     1  TS7001  unused_suppression           1        0           0          0
