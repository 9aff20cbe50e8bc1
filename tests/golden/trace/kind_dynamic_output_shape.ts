# RUN: tcc explain %s
# Boolean-mask indexing produces a tensor whose size depends on the data.
# `where` keeps the shape static and does not break.

def positives(x):
    kept = x[x > 0]
    masked = where(x > 0, x, 0.0)
    return masked.sum()

positives(randn(5, 2))

# CHECK-STDOUT: tcc explain kind_dynamic_output_shape.ts
# CHECK-STDOUT:
# CHECK-STDOUT: positives(x: float32[5, 2])   entered at kind_dynamic_output_shape.ts:10:1
# CHECK-STDOUT:   graph 1  3 ops  gt, where, sum  (lines 7, 8)
# CHECK-STDOUT:            fused into 1 loop nest: [reduction] gt, where, sum
# CHECK-STDOUT:   break    kind_dynamic_output_shape.ts:6:14  dynamic_output_shape [TS4005]  boolean-mask indexing: the number of selected elements depends on the mask's data
# CHECK-STDOUT:   1 graph, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: kind_dynamic_output_shape.ts:6:14: warning: boolean-mask indexing: the number of selected elements depends on the mask's data [TS4005 dynamic_output_shape]
# CHECK-STDOUT:  6 |     kept = x[x > 0]
# CHECK-STDOUT:    |              ^~~~~
# CHECK-STDOUT:   explanation: boolean-mask indexing and similar ops produce a tensor whose size depends on the data, so its shape is unknown until run time
# CHECK-STDOUT:   hint: keep the shape static: use `where(mask, x, 0)` or multiply by the mask instead of selecting
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_dynamic_output_shape.ts:10:1  in <module>   positives(randn(5, 2))
# CHECK-STDOUT:     kind_dynamic_output_shape.ts:6:14  in positives   kept = x[x > 0]
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 1 graph break at 1 site, 0 errors
