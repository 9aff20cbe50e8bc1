# RUN: tcc lint --format github %s
# RUN-EXIT: 1
# The github format caps annotations at 10 per type (GitHub shows no more per
# step): 9 errors, then one that summarises the 3 not shown, per code.

def f(x):
    print(x + 0)
    print(x + 1)
    print(x + 2)
    print(x + 3)
    print(x + 4)
    print(x + 5)
    print(x + 6)
    print(x + 7)
    print(x + 8)
    print(x + 9)
    a = x.sum().item()
    b = x.max().item()
    with error_on_graph_break(False):
        graph_break()
    return x * a * b

f(ones(2))

# CHECK-STDOUT: ::error file=github_cap.ts,line=7,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=8,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=9,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=10,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=11,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=12,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=13,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=14,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::error file=github_cap.ts,line=15,col=5,title=TS4002 side_effect_io::`print(...)` inside a compiled function (lint treats every entry as under `error_on_graph_break(True)`)
# CHECK-STDOUT: ::notice file=github_cap.ts,line=20,col=9,title=TS4001 graph_break_call::call to `graph_break()`
# CHECK-STDOUT: ::error title=tcc lint::3 more errors not shown as annotations (GitHub shows 10 per step): TS4002 x1, TS4003 x2; run `tcc lint` for the full list
# CHECK-STDOUT: tcc lint: 3 more error annotations not shown: TS4002 x1 TS4003 x2
