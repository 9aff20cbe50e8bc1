"""Runs a TensorScript program that is written as PyTorch code (the
tests/e2e/cases/torch_*.ts cases, examples/torch_checkpoint.ts) under PyTorch,
unchanged, to make the .torch.txt its e2e test compares with:

    /usr/bin/python3 tests/e2e/torch/same_text.py tests/e2e/cases/torch_resnet.ts \\
        > tests/e2e/cases/torch_resnet.torch.txt

Arguments after the program are its command line ("# e2e-args: ARGS").

Relative paths in the program are read from the working folder, as tcc's are
(examples/torch_checkpoint.ts runs from the repository's root).
"""
import runpy
import sys

sys.argv = sys.argv[1:]  # the program sees its own command line, as `python3 prog.ts ARGS`
runpy.run_path(sys.argv[0], run_name="__main__")
