# RUN: tcc lint --format github %s
# RUN-EXIT: 1
# GitHub annotations: one ::error line per failing site, ::notice for allowed.

def f(x):
    a = x.sum().item()
    with error_on_graph_break(False):
        graph_break()
    return x * a

f(ones(2))

# CHECK-STDOUT: ::error file=lint_github.ts,line=6,col=17,title=TS4003 tensor_to_scalar::`.item()` copies tensor data into a Python number (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::notice file=lint_github.ts,line=8,col=9,title=TS4001 graph_break_call::call to `graph_break()`
