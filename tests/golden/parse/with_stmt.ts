# RUN: tcc parse --dump-ast %s
# with EXPR: and with EXPR as NAME:
with error_on_graph_break(False):
    graph_break()
with ctx() as c:
    x = c + 1
    with nested:
        pass

# CHECK-STDOUT: Module with_stmt.ts
# CHECK-STDOUT:   WithStmt @3:1
# CHECK-STDOUT:     context: CallExpr @3:6
# CHECK-STDOUT:       func: NameExpr error_on_graph_break @3:6
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         BoolLit False @3:27
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ExprStmt @4:5
# CHECK-STDOUT:         value: CallExpr @4:5
# CHECK-STDOUT:           func: NameExpr graph_break @4:5
# CHECK-STDOUT:   WithStmt as c @5:1
# CHECK-STDOUT:     context: CallExpr @5:6
# CHECK-STDOUT:       func: NameExpr ctx @5:6
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AssignStmt @6:5
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           NameExpr x @6:5
# CHECK-STDOUT:         value: BinaryExpr + @6:9
# CHECK-STDOUT:           lhs: NameExpr c @6:9
# CHECK-STDOUT:           rhs: IntLit 1 @6:13
# CHECK-STDOUT:       WithStmt @7:5
# CHECK-STDOUT:         context: NameExpr nested @7:10
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           PassStmt @8:9
