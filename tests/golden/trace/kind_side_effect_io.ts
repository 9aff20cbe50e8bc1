# RUN: tcc explain %s
# print, save and load inside a compiled function are side_effect_io breaks;
# at module scope they are eager glue and do not break.

def step(x):
    y = x + 1
    print("y is", y)
    save(y, "y.npy")
    z = load("y.npy")
    return y * 2

x = zeros(3)
print(step(x))
save(x, "x.npy")

# CHECK-STDOUT: tcc explain kind_side_effect_io.ts
# CHECK-STDOUT:
# CHECK-STDOUT: step(x: float32[3])   entered at kind_side_effect_io.ts:13:7
# CHECK-STDOUT:   graph 1  1 op  add  (lines 6)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] add
# CHECK-STDOUT:   graph 2  1 op  mul  (lines 10)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   break    kind_side_effect_io.ts:7:5  side_effect_io [TS4002]  `print(...)` inside a compiled function
# CHECK-STDOUT:   break    kind_side_effect_io.ts:8:5  side_effect_io [TS4002]  `save(...)` inside a compiled function
# CHECK-STDOUT:   break    kind_side_effect_io.ts:9:9  side_effect_io [TS4002]  `load(...)` inside a compiled function
# CHECK-STDOUT:   2 graphs, 3 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: kind_side_effect_io.ts:7:5: warning: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  7 |     print("y is", y)
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_side_effect_io.ts:13:7  in <module>   print(step(x))
# CHECK-STDOUT:     kind_side_effect_io.ts:7:5   in step   print("y is", y)
# CHECK-STDOUT:
# CHECK-STDOUT: kind_side_effect_io.ts:8:5: warning: `save(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  8 |     save(y, "y.npy")
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_side_effect_io.ts:13:7  in <module>   print(step(x))
# CHECK-STDOUT:     kind_side_effect_io.ts:8:5   in step   save(y, "y.npy")
# CHECK-STDOUT:
# CHECK-STDOUT: kind_side_effect_io.ts:9:9: warning: `load(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDOUT:  9 |     z = load("y.npy")
# CHECK-STDOUT:    |         ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `print`, `save` and `load` act on the outside world, so they cannot run inside a compiled graph; the graph ends before the call and resumes after it
# CHECK-STDOUT:   hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_side_effect_io.ts:13:7  in <module>   print(step(x))
# CHECK-STDOUT:     kind_side_effect_io.ts:9:9   in step   z = load("y.npy")
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: kind_side_effect_io.ts:9:9: warning: `load("y.npy")`: no readable .npy file at build time (tried `y.npy`), so its dtype and rank are known only at run time and the code that uses it cannot be compiled [TS5012 load_type_unknown]
# CHECK-STDOUT:  9 |     z = load("y.npy")
# CHECK-STDOUT:    |         ^~~~~~~~~~~~~
# CHECK-STDOUT:   hint: run `tcc build` in the folder the program runs in (relative paths are read from the working folder, then from the program's folder), or give a path that exists when building
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_side_effect_io.ts:13:7  in <module>   print(step(x))
# CHECK-STDOUT:     kind_side_effect_io.ts:9:9   in step   z = load("y.npy")
# CHECK-STDOUT:
# CHECK-STDOUT: total: 2 graphs, 3 graph breaks at 3 sites, 0 errors, 1 warning
