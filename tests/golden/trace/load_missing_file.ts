# RUN: tcc explain %s
# A `load` whose file is missing at build time (here: never made) says why
# the tensor's type is unknown, where the code that uses it fails to compile.
def double(x):
    return x * 2

w = load("no_such_dir/weights.npy")
print(double(w))

# CHECK-STDOUT: tcc explain load_missing_file.ts
# CHECK-STDOUT:
# CHECK-STDOUT: double(x: float32[...])   entered at load_missing_file.ts:8:7
# CHECK-STDOUT:   no tensor operations: no graph
# CHECK-STDOUT:   break    load_missing_file.ts:5:5  unsupported [TS4006]  the function returns tensor float32[...], which a compiled segment cannot hand back (1 tensor op run in the interpreter)
# CHECK-STDOUT:   0 graphs, 1 graph break
# CHECK-STDOUT:
# CHECK-STDOUT: load_missing_file.ts:5:5: warning: the function returns tensor float32[...], which a compiled segment cannot hand back (1 tensor op run in the interpreter) [TS4006 unsupported]
# CHECK-STDOUT:  5 |     return x * 2
# CHECK-STDOUT:    |     ^~~~~~~~~~~~
# CHECK-STDOUT:   explanation: the tracer cannot represent this in a graph, so it runs in the interpreter
# CHECK-STDOUT:   hint: rewrite it with supported tensor operations, or move it out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     load_missing_file.ts:8:7  in <module>   print(double(w))
# CHECK-STDOUT:     load_missing_file.ts:5:5  in double   return x * 2
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: load_missing_file.ts:7:5: warning: `load("no_such_dir/weights.npy")`: no readable .npy file at build time (tried `no_such_dir/weights.npy`), so its dtype and rank are known only at run time and the code that uses it cannot be compiled [TS5012 load_type_unknown]
# CHECK-STDOUT:  7 | w = load("no_such_dir/weights.npy")
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT:   hint: run `tcc build` in the folder the program runs in (relative paths are read from the working folder, then from the program's folder), or give a path that exists when building
# CHECK-STDOUT:
# CHECK-STDOUT: total: 0 graphs, 1 graph break at 1 site, 0 errors, 1 warning
