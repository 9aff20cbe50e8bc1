# RUN: tcc explain %s
# A `try` whose body raises on a tensor's value is decided at run time: a
# data_dependent_exception break (the `try` runs in the interpreter). One
# whose raise depends on shapes only is resolved at compile time: no break.

def by_shape(x):
    try:
        if x.shape[0] != 3:
            raise ValueError("need 3 rows")
        y = x * 2
    except ValueError:
        y = x * 0
    return y + 1

def by_data(x, limit):
    try:
        if limit > 2:
            raise ValueError("too big")
        y = x * 2
    except ValueError:
        y = x
    return y + 1

by_shape(randn(4))
by_data(randn(4), int(argv()[0]) if len(argv()) > 0 else 1)

# CHECK-STDOUT: tcc explain kind_data_dependent_exception.ts
# CHECK-STDOUT:
# CHECK-STDOUT: by_shape(x: float32[4])   entered at kind_data_dependent_exception.ts:24:1
# CHECK-STDOUT:   graph 1  2 ops  mul, add  (lines 12, 13)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul, add
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: by_data(x: float32[4], limit: int)   entered at kind_data_dependent_exception.ts:25:1
# CHECK-STDOUT:   graph 1  1 op  add  (lines 22)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   break    kind_data_dependent_exception.ts:16:5  data_dependent_exception [TS4007]  whether this `try` body raises (and which handler runs) is known only at run time
# CHECK-STDOUT:   interp   kind_data_dependent_exception.ts:16:5  this `try` runs in the interpreter: a graph break inside it ends the graph, which resumes only after it (1 tensor op) (runs in the interpreter, not a break)
# CHECK-STDOUT:   1 graph, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: kind_data_dependent_exception.ts:16:5: warning: whether this `try` body raises (and which handler runs) is known only at run time [TS4007 data_dependent_exception]
# CHECK-STDOUT:  16 |     try:
# CHECK-STDOUT:     |     ^
# CHECK-STDOUT:   explanation: a `raise` on a path chosen by run-time data (or a call the tracer cannot follow) inside a `try` decides at run time which of the body, the handlers and `else` run; a graph cannot hold Python exception handling, so the `try` statement runs in the interpreter
# CHECK-STDOUT:   hint: raise only on conditions known at compile time (shapes, Python values), or move the `try` out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_data_dependent_exception.ts:25:1  in <module>   by_data(randn(4), int(argv()[0]) if len(argv()) > 0 else 1)
# CHECK-STDOUT:     kind_data_dependent_exception.ts:16:5  in by_data   try:
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 2 graphs, 1 graph break at 1 site, 0 errors
