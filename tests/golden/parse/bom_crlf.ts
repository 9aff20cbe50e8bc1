# RUN: tcc parse --dump-ast %s
﻿# a UTF-8 byte order mark and CRLF line endings are accepted
if x:
    y = 1

# CHECK-STDOUT: Module bom_crlf.ts
# CHECK-STDOUT:   IfStmt @3:1
# CHECK-STDOUT:     test: NameExpr x @3:4
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AssignStmt @4:5
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           NameExpr y @4:5
# CHECK-STDOUT:         value: IntLit 1 @4:9
