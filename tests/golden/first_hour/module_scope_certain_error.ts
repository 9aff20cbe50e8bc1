# RUN: tcc build %s -o /dev/null
# RUN-EXIT: 1
# Without fullgraph, an error the tracer proves fails the build when it is
# certain to happen: module scope reaches it on every run (no `if`, loop or
# `try` on the way, here through a call). The same error behind a test known
# only at run time is a warning (module_scope_conditional_warns.ts).
import torch

def project(x, w):
    return x @ w

x = torch.ones(2, 3)
print(project(x, torch.ones(4, 5)))

# CHECK-STDERR: module_scope_certain_error.ts:10:14: error: matmul of [2, 3] and [4, 5]: inner dimensions 3 and 4 differ [TS5006 shape_error]
# CHECK-STDERR:  10 |     return x @ w
# CHECK-STDERR:     |              ^~~
# CHECK-STDERR: module_scope_certain_error.ts:13:7: note: in `<module>`, calling `project`
# CHECK-STDERR:  13 | print(project(x, torch.ones(4, 5)))
# CHECK-STDERR:     |       ^
# CHECK-STDERR: hint: check the shapes of the operands; this fails at run time
