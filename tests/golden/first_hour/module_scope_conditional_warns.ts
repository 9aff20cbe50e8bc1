# RUN: tcc build %s -o /dev/null
# Behind a test known only at run time the error may never happen: a warning,
# and the program builds (module_scope_certain_error.ts is the certain case).
import torch

def project(x, w):
    return x @ w

x = torch.ones(2, 3)
if len(argv()) > 1:
    print(project(x, torch.ones(4, 5)))

# CHECK-STDERR: module_scope_conditional_warns.ts:7:14: warning: matmul of [2, 3] and [4, 5]: inner dimensions 3 and 4 differ [TS5006 shape_error]
# CHECK-STDERR:  7 |     return x @ w
# CHECK-STDERR:    |              ^~~
# CHECK-STDERR: module_scope_conditional_warns.ts:11:11: note: in `<module>`, calling `project`
# CHECK-STDERR:  11 |     print(project(x, torch.ones(4, 5)))
# CHECK-STDERR:     |           ^
# CHECK-STDERR: hint: check the shapes of the operands; this fails at run time
# CHECK-STDERR: tcc: built /dev/null: 0 graphs, 0 kernels; 0 graph breaks accepted
