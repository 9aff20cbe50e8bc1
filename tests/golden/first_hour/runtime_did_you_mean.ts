# RUN: tcc run --eager %s
# RUN-EXIT: 1
# The interpreter's NameError and AttributeError suggest the closest name too.
import torch

hidden = torch.ones(2) * 2
try:
    print(hiden)
except NameError as e:
    print(e)
print(torch.relux(hidden))

# CHECK-STDOUT: name `hiden` is not defined; did you mean `hidden`?
# CHECK-STDERR: runtime_did_you_mean.ts:11:7: error: module `torch` has no attribute `relux`; did you mean `relu`? [TS3003 attribute_error]
# CHECK-STDERR:  11 | print(torch.relux(hidden))
# CHECK-STDERR:     |       ^~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (runtime_did_you_mean.ts:11:7)
