# RUN: tcc parse --dump-ast %s
# assert with and without a message
assert x
assert x.shape == (2, 3), "bad shape"

# CHECK-STDOUT: Module assert.ts
# CHECK-STDOUT:   AssertStmt @3:1
# CHECK-STDOUT:     test: NameExpr x @3:8
# CHECK-STDOUT:   AssertStmt @4:1
# CHECK-STDOUT:     test: CompareExpr == @4:8
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         AttributeExpr .shape @4:8
# CHECK-STDOUT:           value: NameExpr x @4:8
# CHECK-STDOUT:         TupleExpr (parenthesized) @4:19
# CHECK-STDOUT:           elts:
# CHECK-STDOUT:             IntLit 2 @4:20
# CHECK-STDOUT:             IntLit 3 @4:23
# CHECK-STDOUT:     msg: StrLit "bad shape" @4:27
