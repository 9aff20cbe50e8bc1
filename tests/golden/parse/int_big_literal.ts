# RUN: tcc parse --dump-ast %s
# An int literal past 64 bits is a Python big int (any base, with '_'), not an error.
x = 99999999999999999999
y = 0xFFFF_FFFF_FFFF_FFFF_F
z = 9223372036854775807

# CHECK-STDOUT: Module int_big_literal.ts
# CHECK-STDOUT:   AssignStmt @3:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr x @3:1
# CHECK-STDOUT:     value: IntLit 99999999999999999999 @3:5
# CHECK-STDOUT:   AssignStmt @4:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr y @4:1
# CHECK-STDOUT:     value: IntLit 295147905179352825855 @4:5
# CHECK-STDOUT:   AssignStmt @5:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr z @5:1
# CHECK-STDOUT:     value: IntLit 9223372036854775807 @5:5
