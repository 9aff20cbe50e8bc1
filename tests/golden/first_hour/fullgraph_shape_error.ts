# RUN: tcc build %s -o /dev/null
# RUN-EXIT: 1
# Under fullgraph a shape error the tracer proves for the traced inputs is a
# compile error (torch.compile raises it at trace time), not a warning that
# builds and then crashes.
import torch

@torch.compile(fullgraph=True)
def f(a, b):
    return a @ b

print(f(torch.ones(3, 4), torch.ones(5, 6)))

# CHECK-STDERR: fullgraph_shape_error.ts:10:14: error: matmul of [3, 4] and [5, 6]: inner dimensions 4 and 5 differ [TS5006 shape_error]
# CHECK-STDERR:  10 |     return a @ b
# CHECK-STDERR:     |              ^~~
# CHECK-STDERR: fullgraph_shape_error.ts:12:7: note: in `<module>`, calling `f`
# CHECK-STDERR:  12 | print(f(torch.ones(3, 4), torch.ones(5, 6)))
# CHECK-STDERR:     |       ^
# CHECK-STDERR: hint: check the shapes of the operands; this fails at run time
