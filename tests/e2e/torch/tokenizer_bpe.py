# The Python program behind tests/e2e/cases/tokenizer_bpe.ts (its output is
# tokenizer_bpe.torch.txt): the TensorScript program is plain Python.
# Run: /usr/bin/python3 tests/e2e/torch/tokenizer_bpe.py > tests/e2e/cases/tokenizer_bpe.torch.txt
import os

here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "tokenizer_bpe.ts")).read()
exec(compile(src, "tokenizer_bpe.ts", "exec"), {"__name__": "__main__"})
