# RUN: tcc explain %s
# A loop whose trip count is known only at run time runs rolled: explain lists
# it as a `loop` line under the function, and its body's ops as the graph that
# runs on every iteration. A loop whose carried value grows cannot be rolled:
# a break says why.

def fit(w, x, y, steps):
    for i in range(steps):
        w = w - 0.01 * (x.T @ (x @ w - y))
    return w

def grow(x, n):
    for i in range(n):
        x = cat([x, x], 0)
    return x

n = len(argv()) + 3
print(fit(zeros(3, 1), ones(4, 3), ones(4, 1), n))
print(grow(ones(1), n))

# CHECK-STDOUT: tcc explain rule_rolled_loops.ts
# CHECK-STDOUT:
# CHECK-STDOUT: fit(w: float32[3, 1], x: float32[4, 3], y: float32[4, 1], steps: int)   entered at rule_rolled_loops.ts:18:7
# CHECK-STDOUT:   graph 1  6 ops  transpose, matmul, sub, matmul, mul, sub  (lines 9)  runs once per iteration (loop at rule_rolled_loops.ts:8, trip count known at run time)
# CHECK-STDOUT:            fused into 4 loop nests: [matmul] matmul; [elementwise] sub (in place over the matmul); [matmul] transpose, matmul; [elementwise] mul, sub (in place over the matmul)
# CHECK-STDOUT:   loop     rule_rolled_loops.ts:8:5  rolled (trip count known only at run time): its body runs as the same kernels on every iteration
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: grow(x: float32[1], n: int)   entered at rule_rolled_loops.ts:19:7
# CHECK-STDOUT:   no tensor operations: no graph
# CHECK-STDOUT:   break    rule_rolled_loops.ts:13:5  unsupported [TS4006]  a loop whose iterations differ (`x` is float32[1] before an iteration and float32[2] after it) runs in the interpreter (1 tensor op run in the interpreter)
# CHECK-STDOUT:   0 graphs, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: rule_rolled_loops.ts:13:5: warning: a loop whose iterations differ (`x` is float32[1] before an iteration and float32[2] after it) runs in the interpreter (1 tensor op run in the interpreter) [TS4006 unsupported]
# CHECK-STDOUT:  13 |     for i in range(n):
# CHECK-STDOUT:     |     ^
# CHECK-STDOUT:   explanation: the tracer cannot represent this in a graph, so it runs in the interpreter
# CHECK-STDOUT:   hint: rewrite it with supported tensor operations, or move it out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_rolled_loops.ts:19:7  in <module>   print(grow(ones(1), n))
# CHECK-STDOUT:     rule_rolled_loops.ts:13:5  in grow   for i in range(n):
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 1 graph break at 1 site, 0 errors
