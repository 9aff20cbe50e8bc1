# RUN: tcc explain %s
# Constructs the tracer cannot put in a graph, each with a precise reason;
# the assignment into a tensor is not one of them: it is listed as `interp`
# (runs in the interpreter between kernels, as torch.compile has no break).

def odd(x, idx):
    x[0] = 1.0
    n = arange(len(argv()) + 3)
    picked = x[idx]
    return x + n

odd(zeros(3), tensor([0, 2]))

# CHECK-STDOUT: tcc explain kind_unsupported.ts
# CHECK-STDOUT:
# CHECK-STDOUT: odd(x: float32[3], idx: int64[2])   entered at kind_unsupported.ts:12:1
# CHECK-STDOUT:   no graph: its tensor operations run in the interpreter (the `interp` lines)
# CHECK-STDOUT:   break    kind_unsupported.ts:8:9  unsupported [TS4006]  `arange` with bounds known only at run time
# CHECK-STDOUT:   break    kind_unsupported.ts:10:14  unsupported [TS4006]  a tensor size assumed equal to another that no guard can check (a size derived at run time) (1 tensor op run in the interpreter)
# CHECK-STDOUT:   interp   kind_unsupported.ts:7:5  assignment into a tensor (`x[...] = v`) (runs in the interpreter, not a break)
# CHECK-STDOUT:   0 graphs, 2 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: kind_unsupported.ts:8:9: warning: `arange` with bounds known only at run time [TS4006 unsupported]
# CHECK-STDOUT:  8 |     n = arange(len(argv()) + 3)
# CHECK-STDOUT:    |         ^~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: the tracer cannot represent this in a graph, so it runs in the interpreter
# CHECK-STDOUT:   hint: rewrite it with supported tensor operations, or move it out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_unsupported.ts:12:1  in <module>   odd(zeros(3), tensor([0, 2]))
# CHECK-STDOUT:     kind_unsupported.ts:8:9   in odd   n = arange(len(argv()) + 3)
# CHECK-STDOUT:
# CHECK-STDOUT: kind_unsupported.ts:10:14: warning: a tensor size assumed equal to another that no guard can check (a size derived at run time) (1 tensor op run in the interpreter) [TS4006 unsupported]
# CHECK-STDOUT:  10 |     return x + n
# CHECK-STDOUT:     |              ^~~
# CHECK-STDOUT:   explanation: the tracer cannot represent this in a graph, so it runs in the interpreter
# CHECK-STDOUT:   hint: rewrite it with supported tensor operations, or move it out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_unsupported.ts:12:1   in <module>   odd(zeros(3), tensor([0, 2]))
# CHECK-STDOUT:     kind_unsupported.ts:10:14  in odd   return x + n
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 0 graphs, 2 graph breaks at 2 sites, 0 errors
