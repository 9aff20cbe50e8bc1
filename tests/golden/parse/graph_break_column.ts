# RUN: tcc parse --dump-ast %s
# the column of a call is the start of the call expression
def fn(x):
    x = x + 1
    graph_break()
    if x:  graph_break()
    return tp_mod.forward(x)

# CHECK-STDOUT: Module graph_break_column.ts
# CHECK-STDOUT:   FunctionDef fn @3:1
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param x @3:8
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AssignStmt @4:5
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           NameExpr x @4:5
# CHECK-STDOUT:         value: BinaryExpr + @4:9
# CHECK-STDOUT:           lhs: NameExpr x @4:9
# CHECK-STDOUT:           rhs: IntLit 1 @4:13
# CHECK-STDOUT:       ExprStmt @5:5
# CHECK-STDOUT:         value: CallExpr @5:5
# CHECK-STDOUT:           func: NameExpr graph_break @5:5
# CHECK-STDOUT:       IfStmt @6:5
# CHECK-STDOUT:         test: NameExpr x @6:8
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           ExprStmt @6:12
# CHECK-STDOUT:             value: CallExpr @6:12
# CHECK-STDOUT:               func: NameExpr graph_break @6:12
# CHECK-STDOUT:       ReturnStmt @7:5
# CHECK-STDOUT:         value: CallExpr @7:12
# CHECK-STDOUT:           func: AttributeExpr .forward @7:12
# CHECK-STDOUT:             value: NameExpr tp_mod @7:12
# CHECK-STDOUT:           args:
# CHECK-STDOUT:             NameExpr x @7:27
