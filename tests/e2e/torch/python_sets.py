# The PyTorch program behind tests/e2e/cases/python_sets.ts (its output is
# python_sets.torch.txt). The TensorScript program is Python already; this
# runs its text with the few names TensorScript has as builtins bound to
# PyTorch's. Every line it prints is free of set order (sorted, len, bool).
# Run: /usr/bin/python3 tests/e2e/torch/python_sets.py > tests/e2e/cases/python_sets.torch.txt
import os

import torch
from torch import arange, ones, tensor, zeros


def fullgraph(fn):
    return fn


here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "python_sets.ts")).read()
exec(compile(src, "python_sets.ts", "exec"), {"tensor": tensor, "zeros": zeros, "ones": ones, "arange": arange,
                                              "fullgraph": fullgraph, "torch": torch, "__name__": "__main__"})
