# RUN: tcc parse --dump-ast %s
# indexing and slicing
x[0]
x[-1]
x[1:3]
x[:, 0]
x[..., None]
x[::2]
x[1:]
x[:-1]
x[:]
x[a, b:c:d]
x[0][1]
x[i,]

# CHECK-STDOUT: Module subscripts.ts
# CHECK-STDOUT:   ExprStmt @3:1
# CHECK-STDOUT:     value: SubscriptExpr @3:1
# CHECK-STDOUT:       value: NameExpr x @3:1
# CHECK-STDOUT:       index: IntLit 0 @3:3
# CHECK-STDOUT:   ExprStmt @4:1
# CHECK-STDOUT:     value: SubscriptExpr @4:1
# CHECK-STDOUT:       value: NameExpr x @4:1
# CHECK-STDOUT:       index: UnaryExpr - @4:3
# CHECK-STDOUT:         operand: IntLit 1 @4:4
# CHECK-STDOUT:   ExprStmt @5:1
# CHECK-STDOUT:     value: SubscriptExpr @5:1
# CHECK-STDOUT:       value: NameExpr x @5:1
# CHECK-STDOUT:       index: SliceExpr @5:3
# CHECK-STDOUT:         lower: IntLit 1 @5:3
# CHECK-STDOUT:         upper: IntLit 3 @5:5
# CHECK-STDOUT:   ExprStmt @6:1
# CHECK-STDOUT:     value: SubscriptExpr @6:1
# CHECK-STDOUT:       value: NameExpr x @6:1
# CHECK-STDOUT:       index: TupleExpr @6:3
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           SliceExpr @6:3
# CHECK-STDOUT:           IntLit 0 @6:6
# CHECK-STDOUT:   ExprStmt @7:1
# CHECK-STDOUT:     value: SubscriptExpr @7:1
# CHECK-STDOUT:       value: NameExpr x @7:1
# CHECK-STDOUT:       index: TupleExpr @7:3
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           EllipsisLit @7:3
# CHECK-STDOUT:           NoneLit @7:8
# CHECK-STDOUT:   ExprStmt @8:1
# CHECK-STDOUT:     value: SubscriptExpr @8:1
# CHECK-STDOUT:       value: NameExpr x @8:1
# CHECK-STDOUT:       index: SliceExpr @8:3
# CHECK-STDOUT:         step: IntLit 2 @8:5
# CHECK-STDOUT:   ExprStmt @9:1
# CHECK-STDOUT:     value: SubscriptExpr @9:1
# CHECK-STDOUT:       value: NameExpr x @9:1
# CHECK-STDOUT:       index: SliceExpr @9:3
# CHECK-STDOUT:         lower: IntLit 1 @9:3
# CHECK-STDOUT:   ExprStmt @10:1
# CHECK-STDOUT:     value: SubscriptExpr @10:1
# CHECK-STDOUT:       value: NameExpr x @10:1
# CHECK-STDOUT:       index: SliceExpr @10:3
# CHECK-STDOUT:         upper: UnaryExpr - @10:4
# CHECK-STDOUT:           operand: IntLit 1 @10:5
# CHECK-STDOUT:   ExprStmt @11:1
# CHECK-STDOUT:     value: SubscriptExpr @11:1
# CHECK-STDOUT:       value: NameExpr x @11:1
# CHECK-STDOUT:       index: SliceExpr @11:3
# CHECK-STDOUT:   ExprStmt @12:1
# CHECK-STDOUT:     value: SubscriptExpr @12:1
# CHECK-STDOUT:       value: NameExpr x @12:1
# CHECK-STDOUT:       index: TupleExpr @12:3
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           NameExpr a @12:3
# CHECK-STDOUT:           SliceExpr @12:6
# CHECK-STDOUT:             lower: NameExpr b @12:6
# CHECK-STDOUT:             upper: NameExpr c @12:8
# CHECK-STDOUT:             step: NameExpr d @12:10
# CHECK-STDOUT:   ExprStmt @13:1
# CHECK-STDOUT:     value: SubscriptExpr @13:1
# CHECK-STDOUT:       value: SubscriptExpr @13:1
# CHECK-STDOUT:         value: NameExpr x @13:1
# CHECK-STDOUT:         index: IntLit 0 @13:3
# CHECK-STDOUT:       index: IntLit 1 @13:6
# CHECK-STDOUT:   ExprStmt @14:1
# CHECK-STDOUT:     value: SubscriptExpr @14:1
# CHECK-STDOUT:       value: NameExpr x @14:1
# CHECK-STDOUT:       index: TupleExpr @14:3
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           NameExpr i @14:3
