# RUN: tcc explain %s
# Branching on a tensor's value breaks: if, while, and/or, ternary. Branching
# on shapes and Python values known at compile time does not.

def branchy(x, n):
    if x.shape[0] == 4 and n > 1:
        x = x + 1
    if x.sum() > 0:
        x = x - 1
    while x.max() > 10:
        x = x / 2
    y = x if x.mean() > 0 else -x
    z = (x > 0) or (x < -1)
    return y

branchy(randn(4), 2)

# CHECK-STDOUT: tcc explain kind_data_dependent_branch.ts
# CHECK-STDOUT:
# CHECK-STDOUT: branchy(x: float32[4], n: int=2)   entered at kind_data_dependent_branch.ts:16:1
# CHECK-STDOUT:   graph 1  3 ops  add, sum, gt  (lines 7, 8)
# CHECK-STDOUT:            fused into 2 loop nests: [reduction] add, sum; [elementwise] gt
# CHECK-STDOUT:   break    kind_data_dependent_branch.ts:8:8  data_dependent_branch [TS4004]  `if` on a tensor's value (bool[])
# CHECK-STDOUT:   break    kind_data_dependent_branch.ts:10:11  data_dependent_branch [TS4004]  `while` on a tensor's value (bool[])
# CHECK-STDOUT:   break    kind_data_dependent_branch.ts:12:14  data_dependent_branch [TS4004]  `x if cond else y` on a tensor's value (bool[])
# CHECK-STDOUT:   break    kind_data_dependent_branch.ts:13:10  data_dependent_branch [TS4004]  `or` on a tensor's value (bool[4])
# CHECK-STDOUT:   interp   kind_data_dependent_branch.ts:8:5  the branch this `if` takes runs in the interpreter: the graph before it computes the test, the break is its bool conversion, and the graph resumes only after the `if` (1 tensor op) (runs in the interpreter, not a break)
# CHECK-STDOUT:   interp   kind_data_dependent_branch.ts:10:5  this loop runs in the interpreter: a graph break inside it ends the graph, which resumes only after it (3 tensor ops) (runs in the interpreter, not a break)
# CHECK-STDOUT:   1 graph, 4 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: kind_data_dependent_branch.ts:8:8: warning: `if` on a tensor's value (bool[]) [TS4004 data_dependent_branch]
# CHECK-STDOUT:  8 |     if x.sum() > 0:
# CHECK-STDOUT:    |        ^~~~~~~~~~~
# CHECK-STDOUT:   explanation: `if`, `while`, `and`, `or` and `x if c else y` on a tensor need its data to choose a path; a graph cannot hold a Python branch on data, so it ends at the condition
# CHECK-STDOUT:   hint: compute both sides and select with `where(cond, a, b)`, or branch on shapes and Python values, which are known at compile time
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_data_dependent_branch.ts:16:1  in <module>   branchy(randn(4), 2)
# CHECK-STDOUT:     kind_data_dependent_branch.ts:8:8   in branchy   if x.sum() > 0:
# CHECK-STDOUT:
# CHECK-STDOUT: kind_data_dependent_branch.ts:10:11: warning: `while` on a tensor's value (bool[]) [TS4004 data_dependent_branch]
# CHECK-STDOUT:  10 |     while x.max() > 10:
# CHECK-STDOUT:     |           ^~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `if`, `while`, `and`, `or` and `x if c else y` on a tensor need its data to choose a path; a graph cannot hold a Python branch on data, so it ends at the condition
# CHECK-STDOUT:   hint: compute both sides and select with `where(cond, a, b)`, or branch on shapes and Python values, which are known at compile time
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_data_dependent_branch.ts:16:1   in <module>   branchy(randn(4), 2)
# CHECK-STDOUT:     kind_data_dependent_branch.ts:10:11  in branchy   while x.max() > 10:
# CHECK-STDOUT:
# CHECK-STDOUT: kind_data_dependent_branch.ts:12:14: warning: `x if cond else y` on a tensor's value (bool[]) [TS4004 data_dependent_branch]
# CHECK-STDOUT:  12 |     y = x if x.mean() > 0 else -x
# CHECK-STDOUT:     |              ^~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `if`, `while`, `and`, `or` and `x if c else y` on a tensor need its data to choose a path; a graph cannot hold a Python branch on data, so it ends at the condition
# CHECK-STDOUT:   hint: compute both sides and select with `where(cond, a, b)`, or branch on shapes and Python values, which are known at compile time
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_data_dependent_branch.ts:16:1   in <module>   branchy(randn(4), 2)
# CHECK-STDOUT:     kind_data_dependent_branch.ts:12:14  in branchy   y = x if x.mean() > 0 else -x
# CHECK-STDOUT:
# CHECK-STDOUT: kind_data_dependent_branch.ts:13:10: warning: `or` on a tensor's value (bool[4]) [TS4004 data_dependent_branch]
# CHECK-STDOUT:  13 |     z = (x > 0) or (x < -1)
# CHECK-STDOUT:     |          ^~~~~
# CHECK-STDOUT:   explanation: `if`, `while`, `and`, `or` and `x if c else y` on a tensor need its data to choose a path; a graph cannot hold a Python branch on data, so it ends at the condition
# CHECK-STDOUT:   hint: compute both sides and select with `where(cond, a, b)`, or branch on shapes and Python values, which are known at compile time
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_data_dependent_branch.ts:16:1   in <module>   branchy(randn(4), 2)
# CHECK-STDOUT:     kind_data_dependent_branch.ts:13:10  in branchy   z = (x > 0) or (x < -1)
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 4 graph breaks at 4 sites, 0 errors
