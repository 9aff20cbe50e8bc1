"""Runs a TensorScript program that is written as PyTorch code (the
tests/e2e/cases/torch_*.ts cases, examples/torch_checkpoint.ts) under PyTorch,
unchanged, to make the .torch.txt its e2e test compares with:

    /usr/bin/python3 tests/e2e/torch/same_text.py tests/e2e/cases/torch_resnet.ts \\
        > tests/e2e/cases/torch_resnet.torch.txt

Relative paths in the program are read from the working folder, as tcc's are
(examples/torch_checkpoint.ts runs from the repository's root).
"""
import runpy
import sys

runpy.run_path(sys.argv[1], run_name="__main__")
