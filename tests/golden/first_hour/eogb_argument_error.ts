# RUN: tcc build %s -o /dev/null
# RUN-EXIT: 1
# error_on_graph_break(True) makes a wrong call a compile error too, with a
# "did you mean" for a misspelt keyword.
import torch

def scale(x, factor=2.0):
    return x * factor

@error_on_graph_break(True)
def g(x):
    return scale(x, factr=3.0)

print(g(torch.ones(2)))

# CHECK-STDERR: eogb_argument_error.ts:12:12: error: `scale` has no parameter `factr`; did you mean `factor`? [TS5008 argument_error]
# CHECK-STDERR:  12 |     return scale(x, factr=3.0)
# CHECK-STDERR:     |            ^~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: eogb_argument_error.ts:14:7: note: in `<module>`, calling `g`
# CHECK-STDERR:  14 | print(g(torch.ones(2)))
# CHECK-STDERR:     |       ^
