# RUN: tcc build %s -o /dev/null
# Inside a `try` the error may be caught, so even under fullgraph it stays a
# warning (a compile error only where nothing can catch it).
import torch

@torch.compile(fullgraph=True)
def f(a, b):
    try:
        return a @ b
    except RuntimeError:
        return a.sum()

print(f(torch.ones(3, 4), torch.ones(5, 6)))

# CHECK-STDERR: try_shape_error_warns.ts:9:18: warning: matmul of [3, 4] and [5, 6]: inner dimensions 4 and 5 differ [TS5006 shape_error]
# CHECK-STDERR:  9 |         return a @ b
# CHECK-STDERR:    |                  ^~~
# CHECK-STDERR: try_shape_error_warns.ts:13:7: note: in `<module>`, calling `f`
# CHECK-STDERR:  13 | print(f(torch.ones(3, 4), torch.ones(5, 6)))
# CHECK-STDERR:     |       ^
# CHECK-STDERR: hint: check the shapes of the operands; this fails at run time
# CHECK-STDERR: tcc: built /dev/null: 0 graphs, 0 kernels; 0 graph breaks accepted
