# RUN: tcc parse --dump-ast %s
# import and from-import forms
import nn
import a.b.c
import nn as n, util
from nn import linear
from nn import softmax, layer_norm as ln
from pkg.mod import (a, b,)

# CHECK-STDOUT: Module imports.ts
# CHECK-STDOUT:   ImportStmt @3:1
# CHECK-STDOUT:     Alias nn @3:8
# CHECK-STDOUT:   ImportStmt @4:1
# CHECK-STDOUT:     Alias a.b.c @4:8
# CHECK-STDOUT:   ImportStmt @5:1
# CHECK-STDOUT:     Alias nn as n @5:8
# CHECK-STDOUT:     Alias util @5:17
# CHECK-STDOUT:   ImportFromStmt nn @6:1
# CHECK-STDOUT:     Alias linear @6:16
# CHECK-STDOUT:   ImportFromStmt nn @7:1
# CHECK-STDOUT:     Alias softmax @7:16
# CHECK-STDOUT:     Alias layer_norm as ln @7:25
# CHECK-STDOUT:   ImportFromStmt pkg.mod @8:1
# CHECK-STDOUT:     Alias a @8:22
# CHECK-STDOUT:     Alias b @8:25
