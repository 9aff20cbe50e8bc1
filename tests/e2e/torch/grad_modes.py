# The PyTorch program behind tests/e2e/cases/grad_modes.ts (its output is
# grad_modes.torch.txt): the TensorScript program's text with torch's names.
# Run: /usr/bin/python3 tests/e2e/torch/grad_modes.py > tests/e2e/cases/grad_modes.torch.txt
import os

from torch import inference_mode, no_grad, ones, set_grad_enabled

here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "grad_modes.ts")).read().replace("import nn\n", "")
exec(compile(src, "grad_modes.ts", "exec"), {"ones": ones, "no_grad": no_grad, "inference_mode": inference_mode,
                                             "set_grad_enabled": set_grad_enabled, "__name__": "__main__"})
