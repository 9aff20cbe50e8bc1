# RUN: tcc parse --dump-ast %s
# def: positional and keyword parameters, defaults, annotations, -> T
def f():
    pass

def g(x, y=2, z: int = 3):
    return x + y + z

def h(x: Tensor, w: Tensor) -> Tensor:
    return x @ w

def k(a, b,):
    return

def multi():
    return 1, 2

r = g(1, z=4)

# CHECK-STDOUT: Module functions_ok.ts
# CHECK-STDOUT:   FunctionDef f @3:1
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       PassStmt @4:5
# CHECK-STDOUT:   FunctionDef g @6:1
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param x @6:7
# CHECK-STDOUT:       Param y @6:10
# CHECK-STDOUT:         default: IntLit 2 @6:12
# CHECK-STDOUT:       Param z @6:15
# CHECK-STDOUT:         annotation: NameExpr int @6:18
# CHECK-STDOUT:         default: IntLit 3 @6:24
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @7:5
# CHECK-STDOUT:         value: BinaryExpr + @7:12
# CHECK-STDOUT:           lhs: BinaryExpr + @7:12
# CHECK-STDOUT:             lhs: NameExpr x @7:12
# CHECK-STDOUT:             rhs: NameExpr y @7:16
# CHECK-STDOUT:           rhs: NameExpr z @7:20
# CHECK-STDOUT:   FunctionDef h @9:1
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param x @9:7
# CHECK-STDOUT:         annotation: NameExpr Tensor @9:10
# CHECK-STDOUT:       Param w @9:18
# CHECK-STDOUT:         annotation: NameExpr Tensor @9:21
# CHECK-STDOUT:     returns: NameExpr Tensor @9:32
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @10:5
# CHECK-STDOUT:         value: BinaryExpr @ @10:12
# CHECK-STDOUT:           lhs: NameExpr x @10:12
# CHECK-STDOUT:           rhs: NameExpr w @10:16
# CHECK-STDOUT:   FunctionDef k @12:1
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param a @12:7
# CHECK-STDOUT:       Param b @12:10
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @13:5
# CHECK-STDOUT:   FunctionDef multi @15:1
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @16:5
# CHECK-STDOUT:         value: TupleExpr @16:12
# CHECK-STDOUT:           elts:
# CHECK-STDOUT:             IntLit 1 @16:12
# CHECK-STDOUT:             IntLit 2 @16:15
# CHECK-STDOUT:   AssignStmt @18:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr r @18:1
# CHECK-STDOUT:     value: CallExpr @18:5
# CHECK-STDOUT:       func: NameExpr g @18:5
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         IntLit 1 @18:7
# CHECK-STDOUT:       keywords:
# CHECK-STDOUT:         Keyword z @18:10
# CHECK-STDOUT:           value: IntLit 4 @18:12
