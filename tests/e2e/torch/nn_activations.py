# The PyTorch program behind tests/e2e/cases/nn_activations.ts (its output is
# nn_activations.torch.txt): the TensorScript text with `nn.` as
# torch.nn.functional.
# Run: /usr/bin/python3 tests/e2e/torch/nn_activations.py > tests/e2e/cases/nn_activations.torch.txt
import os
import warnings

import torch
import torch.nn.functional as F

warnings.filterwarnings("ignore")  # F.tanh / F.sigmoid are deprecated aliases
here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "nn_activations.ts")).read().replace("import nn\n", "")
names = ["manual_seed", "randn", "rand", "full", "log"]
exec(compile(src, "nn_activations.ts", "exec"),
     {**{k: getattr(torch, k) for k in names}, "nn": F, "__name__": "__main__"})
