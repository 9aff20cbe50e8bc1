# RUN: tcc build %s -o /dev/null
# RUN-EXIT: 1
# An unknown torch function names its real cause at the line that has it,
# with the closest name.
import torch

@torch.compile(fullgraph=True)
def f(x):
    return torch.relux(x) + x.sigmod()

print(f(torch.ones(2)))

# CHECK-STDERR: attribute_did_you_mean.ts:9:18: error: module `torch` has no attribute `relux`; did you mean `relu`? [TS5013 attribute_error]
# CHECK-STDERR:  9 |     return torch.relux(x) + x.sigmod()
# CHECK-STDERR:    |                  ^~~~~
# CHECK-STDERR: attribute_did_you_mean.ts:11:7: note: in `<module>`, calling `f`
# CHECK-STDERR:  11 | print(f(torch.ones(2)))
# CHECK-STDERR:     |       ^
# CHECK-STDERR: attribute_did_you_mean.ts:9:31: error: a tensor has no attribute `sigmod`; did you mean `sigmoid`? [TS5013 attribute_error]
# CHECK-STDERR:  9 |     return torch.relux(x) + x.sigmod()
# CHECK-STDERR:    |                               ^~~~~~
# CHECK-STDERR: attribute_did_you_mean.ts:11:7: note: in `<module>`, calling `f`
# CHECK-STDERR:  11 | print(f(torch.ones(2)))
# CHECK-STDERR:     |       ^
