# RUN: tcc run --eager %s
# RUN-EXIT: 1
from nn import nonexistent

# CHECK-STDERR: import_name.ts:3:1: error: cannot import name `nonexistent` from module `nn` [TS3015 import_error]
# CHECK-STDERR:  3 | from nn import nonexistent
# CHECK-STDERR:    | ^~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (import_name.ts:3:1)
