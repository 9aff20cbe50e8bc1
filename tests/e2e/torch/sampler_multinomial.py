# The PyTorch program behind tests/e2e/cases/sampler_multinomial.ts (its
# output is sampler_multinomial.torch.txt): the TensorScript program's text
# run with its builtins bound to torch's and `nn` to torch.nn.functional.
# Run: /usr/bin/python3 tests/e2e/torch/sampler_multinomial.py > tests/e2e/cases/sampler_multinomial.torch.txt
import os

import torch
import torch.nn.functional as F


def fullgraph(fn):
    return fn


here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "sampler_multinomial.ts")).read().replace("import nn\n", "")
names = ["zeros", "int32", "multinomial", "log", "manual_seed", "topk", "randn", "cat"]
exec(compile(src, "sampler_multinomial.ts", "exec"),
     {**{k: getattr(torch, k) for k in names}, "nn": F, "fullgraph": fullgraph, "__name__": "__main__"})
