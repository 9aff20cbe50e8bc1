# RUN: tcc lint --format github %s
# RUN-EXIT: 1
# GitHub annotations too: a finding whose construct is in the standard library (the matmul inside
# nn.functional.linear) is placed at the user's call, where CI shows it on a
# pull request; the standard-library line is a note and a related location.
import torch
import torch.nn as nn

def head(x, w):
    return nn.functional.linear(x, w)

print(head(torch.ones(3, 4), torch.ones(2, 5)))

# CHECK-STDOUT: ::error file=lint_stdlib_location_github.ts,line=10,col=26,title=TS5006 shape_error::matmul of [3, 4] and [5, 2]: inner dimensions 4 and 5 differ
