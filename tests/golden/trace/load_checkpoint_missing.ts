# RUN: tcc explain %s
# A checkpoint missing at build time: its dict is known only at run time, so
# `if missing or unexpected: raise` (lists whose length is known only at run
# time) may or may not raise, and the copies after it run in the
# interpreter: explain names them.
import torch
import torch.nn as nn

def load(own, state_dict, strict=True):
    missing = [k for k in own if k not in state_dict]
    unexpected = [k for k in state_dict if k not in own]
    if strict and (missing or unexpected):
        raise RuntimeError(f"missing keys {missing}, unexpected keys {unexpected}")
    for k, v in state_dict.items():
        if k in own:
            own[k].copy_(v)
    return missing, unexpected

m = nn.Linear(3, 4)
ckpt = torch.load("no_such_dir/ckpt.pt")
load(m.state_dict(), ckpt["model"])

# CHECK-STDOUT: tcc explain load_checkpoint_missing.ts
# CHECK-STDOUT:
# CHECK-STDOUT: load(own: {"weight": float32[4, 3], "bias": float32[4]}, state_dict: unknown value)   entered at load_checkpoint_missing.ts:21:1
# CHECK-STDOUT:   no tensor operations: no graph
# CHECK-STDOUT:   break    load_checkpoint_missing.ts:14:28  unsupported [TS4006]  call to a value the tracer cannot resolve at compile time
# CHECK-STDOUT:   break    load_checkpoint_missing.ts:16:20  unsupported [TS4006]  call to a value the tracer cannot resolve at compile time
# CHECK-STDOUT:   loop     load_checkpoint_missing.ts:14:5  rolled (trip count known only at run time): its body has no tensor op to compile and runs in the interpreter
# CHECK-STDOUT:   0 graphs, 2 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: load_checkpoint_missing.ts:14:28: warning: call to a value the tracer cannot resolve at compile time [TS4006 unsupported]
# CHECK-STDOUT:  14 |     for k, v in state_dict.items():
# CHECK-STDOUT:     |                            ^~~~~~~
# CHECK-STDOUT:   explanation: the tracer cannot represent this in a graph, so it runs in the interpreter
# CHECK-STDOUT:   hint: rewrite it with supported tensor operations, or move it out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     load_checkpoint_missing.ts:21:1   in <module>   load(m.state_dict(), ckpt["model"])
# CHECK-STDOUT:     load_checkpoint_missing.ts:14:28  in load   for k, v in state_dict.items():
# CHECK-STDOUT:
# CHECK-STDOUT: load_checkpoint_missing.ts:16:20: warning: call to a value the tracer cannot resolve at compile time [TS4006 unsupported]
# CHECK-STDOUT:  16 |             own[k].copy_(v)
# CHECK-STDOUT:     |                    ^~~~~~~~
# CHECK-STDOUT:   explanation: the tracer cannot represent this in a graph, so it runs in the interpreter
# CHECK-STDOUT:   hint: rewrite it with supported tensor operations, or move it out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     load_checkpoint_missing.ts:21:1   in <module>   load(m.state_dict(), ckpt["model"])
# CHECK-STDOUT:     load_checkpoint_missing.ts:16:20  in load   own[k].copy_(v)
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: load_checkpoint_missing.ts:20:14: warning: `torch.load("no_such_dir/ckpt.pt")` at build time: no readable file; what it holds is known only at run time, so the code that uses it cannot be compiled [TS5012 load_type_unknown]
# CHECK-STDOUT:  20 | ckpt = torch.load("no_such_dir/ckpt.pt")
# CHECK-STDOUT:     |              ^~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT:   hint: run `tcc build` in the folder the program runs in (relative paths are read from the working folder, then from the program's folder), or give a path that exists when building
# CHECK-STDOUT:
# CHECK-STDOUT: total: 0 graphs, 2 graph breaks at 2 sites, 0 errors, 1 warning
