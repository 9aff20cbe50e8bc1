# The PyTorch program behind tests/e2e/cases/random_ints.ts (its output is
# random_ints.torch.txt): the TensorScript text with torch's names.
# Run: /usr/bin/python3 tests/e2e/torch/random_ints.py > tests/e2e/cases/random_ints.torch.txt
import os

import torch


def fullgraph(fn):
    return fn


here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "random_ints.ts")).read()
names = ["manual_seed", "arange", "randint", "stack", "randperm", "float32"]
exec(compile(src, "random_ints.ts", "exec"),
     {**{k: getattr(torch, k) for k in names}, "fullgraph": fullgraph, "__name__": "__main__"})
