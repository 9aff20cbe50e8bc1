# RUN: tcc parse --dump-ast %s
# comments, blank lines and line continuations as Python has them

x = [1,   # inside brackets a newline is not the end of the statement
     2,

     # even a comment-only line
     3]
y = f(a,
      b)
z = 1 + \
    2
a = 1; b = 2;
    # a comment indented deeper is still ignored
def f():

    # blank and comment lines inside a block
    return 1

# CHECK-STDOUT: Module continuation.ts
# CHECK-STDOUT:   AssignStmt @4:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr x @4:1
# CHECK-STDOUT:     value: ListExpr @4:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 1 @4:6
# CHECK-STDOUT:         IntLit 2 @5:6
# CHECK-STDOUT:         IntLit 3 @8:6
# CHECK-STDOUT:   AssignStmt @9:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr y @9:1
# CHECK-STDOUT:     value: CallExpr @9:5
# CHECK-STDOUT:       func: NameExpr f @9:5
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         NameExpr a @9:7
# CHECK-STDOUT:         NameExpr b @10:7
# CHECK-STDOUT:   AssignStmt @11:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr z @11:1
# CHECK-STDOUT:     value: BinaryExpr + @11:5
# CHECK-STDOUT:       lhs: IntLit 1 @11:5
# CHECK-STDOUT:       rhs: IntLit 2 @12:5
# CHECK-STDOUT:   AssignStmt @13:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr a @13:1
# CHECK-STDOUT:     value: IntLit 1 @13:5
# CHECK-STDOUT:   AssignStmt @13:8
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr b @13:8
# CHECK-STDOUT:     value: IntLit 2 @13:12
# CHECK-STDOUT:   FunctionDef f @15:1
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @18:5
# CHECK-STDOUT:         value: IntLit 1 @18:12
