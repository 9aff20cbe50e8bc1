# RUN: tcc run --eager %s
# RUN-EXIT: 1
# A call that does not fit its builtin's signature (lang/semantics/builtins.def)
# is a TypeError in torch's words, with a "did you mean", when run: the error
# tcc build reports at compile time (builtin_keyword_error.ts). A keyword
# torch takes is fine (`dtype=` of mean, Tensor.flip's dims as arguments).
import torch

def pool(x):
    return torch.mean(x, dims=1)

x = torch.ones(2, 3)
print(x.mean(1, dtype=torch.float64), x.flip(0, 1).sum())
print(pool(x))

# CHECK-STDOUT: tensor([1., 1.], dtype=torch.float64) tensor(6.)
# CHECK-STDERR: builtin_keyword_error_eager.ts:10:12: error: `mean()` got an unexpected keyword argument `dims`; did you mean `dim`? [TS3007 argument_error]
# CHECK-STDERR:  10 |     return torch.mean(x, dims=1)
# CHECK-STDERR:     |            ^~~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at pool (builtin_keyword_error_eager.ts:10:12)
# CHECK-STDERR:   at <module> (builtin_keyword_error_eager.ts:14:7)
