# RUN: tcc parse --dump-ast %s
# A lambda is the function `<lambda>` whose body returns its expression;
# defaults belong to the enclosing scope; comprehension names inside it are
# renamed with the comprehension.
f = lambda x, y=2: x * y
fs = [lambda t: t + i for i in range(2)]

# CHECK-STDOUT: Module lambda.ts
# CHECK-STDOUT:   AssignStmt @5:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr f @5:1
# CHECK-STDOUT:     value: LambdaExpr @5:5
# CHECK-STDOUT:       FunctionDef <lambda> @5:5
# CHECK-STDOUT:         params:
# CHECK-STDOUT:           Param x @5:12
# CHECK-STDOUT:           Param y @5:15
# CHECK-STDOUT:             default: IntLit 2 @5:17
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           ReturnStmt @5:20
# CHECK-STDOUT:             value: BinaryExpr * @5:20
# CHECK-STDOUT:               lhs: NameExpr x @5:20
# CHECK-STDOUT:               rhs: NameExpr y @5:24
# CHECK-STDOUT:   AssignStmt @6:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr fs @6:1
# CHECK-STDOUT:     value: ListCompExpr @6:6
# CHECK-STDOUT:       elt: LambdaExpr @6:7
# CHECK-STDOUT:         FunctionDef <lambda> @6:7
# CHECK-STDOUT:           params:
# CHECK-STDOUT:             Param t @6:14
# CHECK-STDOUT:           body:
# CHECK-STDOUT:             ReturnStmt @6:17
# CHECK-STDOUT:               value: BinaryExpr + @6:17
# CHECK-STDOUT:                 lhs: NameExpr t @6:17
# CHECK-STDOUT:                 rhs: NameExpr i#1 @6:21
# CHECK-STDOUT:       for:
# CHECK-STDOUT:         target: NameExpr i#1 @6:27
# CHECK-STDOUT:         iter: CallExpr @6:32
# CHECK-STDOUT:           func: NameExpr range @6:32
# CHECK-STDOUT:           args:
# CHECK-STDOUT:             IntLit 2 @6:38
