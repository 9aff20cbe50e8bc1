# The Python program behind tests/e2e/cases/python_collections.ts (its output
# is python_collections.torch.txt): the TensorScript program run by CPython
# with Python's own collections module and torch's arange.
# Run: /usr/bin/python3 tests/e2e/torch/python_collections.py > tests/e2e/cases/python_collections.torch.txt
import os

from torch import arange


def fullgraph(fn):
    return fn


here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, "..", "cases", "python_collections.ts")).read()
exec(compile(src, "python_collections.ts", "exec"), {"arange": arange, "fullgraph": fullgraph, "__name__": "__main__"})
