# The PyTorch program behind tests/e2e/cases/python_builtins2.ts (its output
# is python_builtins2.torch.txt). The TensorScript program is Python already;
# this runs its text with the few names TensorScript has as builtins bound to
# PyTorch's (tensor, fullgraph) and its typed-field class as a dataclass.
# Run: /usr/bin/python3 tests/e2e/torch/python_builtins2.py > tests/e2e/cases/python_builtins2.torch.txt
import os
from dataclasses import dataclass

import torch
from torch import tensor


def fullgraph(fn):
    return fn


here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "python_builtins2.ts")).read()
src = src.replace("class Config:", "@dataclass\nclass Config:")
exec(compile(src, "python_builtins2.ts", "exec"), {"tensor": tensor, "fullgraph": fullgraph, "dataclass": dataclass,
                                                   "torch": torch, "__name__": "__main__"})
