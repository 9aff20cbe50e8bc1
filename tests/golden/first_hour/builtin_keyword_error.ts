# RUN: tcc build %s -o /dev/null
# RUN-EXIT: 1
# A call that does not fit its builtin's signature (lang/semantics/builtins.def)
# is a compile error in torch's words, with a "did you mean": the TypeError
# the program raises when run (builtin_keyword_error_eager.ts). A keyword
# torch takes is fine (`dtype=` of mean, Tensor.flip's dims as arguments).
import torch

def pool(x):
    return torch.mean(x, dims=1)

x = torch.ones(2, 3)
print(x.mean(1, dtype=torch.float64), x.flip(0, 1).sum())
print(pool(x))

# CHECK-STDERR: builtin_keyword_error.ts:10:18: error: `mean()` got an unexpected keyword argument `dims`; did you mean `dim`? [TS5008 argument_error]
# CHECK-STDERR:  10 |     return torch.mean(x, dims=1)
# CHECK-STDERR:     |                  ^~~~~~~~~~~~~~~
# CHECK-STDERR: builtin_keyword_error.ts:14:7: note: in `<module>`, calling `pool`
# CHECK-STDERR:  14 | print(pool(x))
# CHECK-STDERR:     |       ^
