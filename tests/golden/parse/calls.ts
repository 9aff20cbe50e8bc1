# RUN: tcc parse --dump-ast %s
# calls with positional and keyword arguments, chained calls and methods
f()
f(1, 2)
f(x, dim=1, keepdim=True)
g(a)(b)
obj.method(1).other(k=2)
print(fn(x) - x)
error_on_graph_break(False)(tp_mod.forward)
f(
    1,
    2,
)

# CHECK-STDOUT: Module calls.ts
# CHECK-STDOUT:   ExprStmt @3:1
# CHECK-STDOUT:     value: CallExpr @3:1
# CHECK-STDOUT:       func: NameExpr f @3:1
# CHECK-STDOUT:   ExprStmt @4:1
# CHECK-STDOUT:     value: CallExpr @4:1
# CHECK-STDOUT:       func: NameExpr f @4:1
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         IntLit 1 @4:3
# CHECK-STDOUT:         IntLit 2 @4:6
# CHECK-STDOUT:   ExprStmt @5:1
# CHECK-STDOUT:     value: CallExpr @5:1
# CHECK-STDOUT:       func: NameExpr f @5:1
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         NameExpr x @5:3
# CHECK-STDOUT:       keywords:
# CHECK-STDOUT:         Keyword dim @5:6
# CHECK-STDOUT:           value: IntLit 1 @5:10
# CHECK-STDOUT:         Keyword keepdim @5:13
# CHECK-STDOUT:           value: BoolLit True @5:21
# CHECK-STDOUT:   ExprStmt @6:1
# CHECK-STDOUT:     value: CallExpr @6:1
# CHECK-STDOUT:       func: CallExpr @6:1
# CHECK-STDOUT:         func: NameExpr g @6:1
# CHECK-STDOUT:         args:
# CHECK-STDOUT:           NameExpr a @6:3
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         NameExpr b @6:6
# CHECK-STDOUT:   ExprStmt @7:1
# CHECK-STDOUT:     value: CallExpr @7:1
# CHECK-STDOUT:       func: AttributeExpr .other @7:1
# CHECK-STDOUT:         value: CallExpr @7:1
# CHECK-STDOUT:           func: AttributeExpr .method @7:1
# CHECK-STDOUT:             value: NameExpr obj @7:1
# CHECK-STDOUT:           args:
# CHECK-STDOUT:             IntLit 1 @7:12
# CHECK-STDOUT:       keywords:
# CHECK-STDOUT:         Keyword k @7:21
# CHECK-STDOUT:           value: IntLit 2 @7:23
# CHECK-STDOUT:   ExprStmt @8:1
# CHECK-STDOUT:     value: CallExpr @8:1
# CHECK-STDOUT:       func: NameExpr print @8:1
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         BinaryExpr - @8:7
# CHECK-STDOUT:           lhs: CallExpr @8:7
# CHECK-STDOUT:             func: NameExpr fn @8:7
# CHECK-STDOUT:             args:
# CHECK-STDOUT:               NameExpr x @8:10
# CHECK-STDOUT:           rhs: NameExpr x @8:15
# CHECK-STDOUT:   ExprStmt @9:1
# CHECK-STDOUT:     value: CallExpr @9:1
# CHECK-STDOUT:       func: CallExpr @9:1
# CHECK-STDOUT:         func: NameExpr error_on_graph_break @9:1
# CHECK-STDOUT:         args:
# CHECK-STDOUT:           BoolLit False @9:22
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         AttributeExpr .forward @9:29
# CHECK-STDOUT:           value: NameExpr tp_mod @9:29
# CHECK-STDOUT:   ExprStmt @10:1
# CHECK-STDOUT:     value: CallExpr @10:1
# CHECK-STDOUT:       func: NameExpr f @10:1
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         IntLit 1 @11:5
# CHECK-STDOUT:         IntLit 2 @12:5
