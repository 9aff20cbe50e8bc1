# RUN: tcc lint %s
# RUN-EXIT: 1
# A finding whose construct is in the standard library (the matmul inside
# nn.functional.linear) is placed at the user's call, where CI shows it on a
# pull request; the standard-library line is a note and a related location.
import torch
import torch.nn as nn

def head(x, w):
    return nn.functional.linear(x, w)

print(head(torch.ones(3, 4), torch.ones(2, 5)))

# CHECK-STDOUT: lint_stdlib_location.ts:10:26: error: matmul of [3, 4] and [5, 2]: inner dimensions 4 and 5 differ [TS5006 shape_error]
# CHECK-STDOUT:  10 |     return nn.functional.linear(x, w)
# CHECK-STDOUT:     |                          ^
# CHECK-STDOUT:   hint: check the shapes of the operands; this fails at run time
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     lint_stdlib_location.ts:12:7   in <module>   print(head(torch.ones(3, 4), torch.ones(2, 5)))
# CHECK-STDOUT:     lint_stdlib_location.ts:10:26  in head   return nn.functional.linear(x, w)
# CHECK-STDOUT:     <stdlib>/nn.ts:14:11           in linear   y = x @ w.T
# CHECK-STDOUT:   note: the construct is in the standard library, at <stdlib>/nn.ts:14:11 in `linear`; it is reported at your call
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 1 problem - failed
