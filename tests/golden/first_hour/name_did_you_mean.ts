# RUN: tcc lint %s
# RUN-EXIT: 1
# tcc lint reports a name that is defined nowhere as an error, with the
# closest name in scope.
import torch

def step(weights, x):
    hidden = x @ weights
    return torch.relu(hiden)

print(step(torch.ones(2, 2), torch.ones(2)))

# CHECK-STDOUT: name_did_you_mean.ts:9:23: error: name `hiden` is not defined; did you mean `hidden`? [TS5007 undefined_name]
# CHECK-STDOUT:  9 |     return torch.relu(hiden)
# CHECK-STDOUT:    |                       ^~~~~
# CHECK-STDOUT:   hint: define it before use, or import it
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     name_did_you_mean.ts:11:7  in <module>   print(step(torch.ones(2, 2), torch.ones(2)))
# CHECK-STDOUT:     name_did_you_mean.ts:9:23  in step   return torch.relu(hiden)
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 1 problem - failed
