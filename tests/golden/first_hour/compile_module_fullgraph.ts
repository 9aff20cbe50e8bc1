# RUN: tcc build %s -o /dev/null
# RUN-EXIT: 1
# torch.compile(model, fullgraph=True) on an nn.Module makes its forward
# @fullgraph: a graph break in it is a compile error, as torch.compile raises.
import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        h = self.fc(x)
        print(h)
        return torch.relu(h)

model = torch.compile(Net(), fullgraph=True)
print(model(torch.randn(2, 4)).shape)

# CHECK-STDERR: compile_module_fullgraph.ts:15:9: error: `print(...)` inside a compiled function [TS4002 side_effect_io]
# CHECK-STDERR:  15 |         print(h)
# CHECK-STDERR:     |         ^~~~~~~~
# CHECK-STDERR: compile_module_fullgraph.ts:19:7: note: in `<module>`, calling `Module.__call__`
# CHECK-STDERR:  19 | print(model(torch.randn(2, 4)).shape)
# CHECK-STDERR:     |       ^
# CHECK-STDERR: <stdlib>/torch/nn.ts:56:21: note: in `Module.__call__`, calling `Net.forward`
# CHECK-STDERR:  56 |         return self.forward(*args, **kwargs)
# CHECK-STDERR:     |                     ^
# CHECK-STDERR: hint: move the I/O to module scope (return the value and print it there), or accept the break inside `error_on_graph_break(False)`
