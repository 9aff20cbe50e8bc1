# The PyTorch program behind tests/e2e/cases/train_logger.ts (its output is
# train_logger.torch.txt): the TensorScript text run with its builtins bound
# to PyTorch's. Run: /usr/bin/python3 tests/e2e/torch/train_logger.py > tests/e2e/cases/train_logger.torch.txt
import os

import torch

here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "train_logger.ts")).read()
exec(compile(src, "train_logger.ts", "exec"), {"tensor": torch.tensor, "zeros": torch.zeros,
                                               "fullgraph": lambda fn: fn, "__name__": "__main__"})
