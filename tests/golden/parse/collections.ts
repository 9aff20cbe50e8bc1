# RUN: tcc parse --dump-ast %s
# lists, tuples and dicts, empty and with trailing commas
a = []
b = [1]
c = [1, 2, 3,]
d = ()
e = (1,)
f = (1, 2)
g = 1,
h = {}
k = {"a": 1, "b": [2, 3],}
m = (x)
n = [[1, 2], [3, 4]]

# CHECK-STDOUT: Module collections.ts
# CHECK-STDOUT:   AssignStmt @3:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr a @3:1
# CHECK-STDOUT:     value: ListExpr @3:5
# CHECK-STDOUT:   AssignStmt @4:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr b @4:1
# CHECK-STDOUT:     value: ListExpr @4:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 1 @4:6
# CHECK-STDOUT:   AssignStmt @5:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr c @5:1
# CHECK-STDOUT:     value: ListExpr @5:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 1 @5:6
# CHECK-STDOUT:         IntLit 2 @5:9
# CHECK-STDOUT:         IntLit 3 @5:12
# CHECK-STDOUT:   AssignStmt @6:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr d @6:1
# CHECK-STDOUT:     value: TupleExpr (parenthesized) @6:5
# CHECK-STDOUT:   AssignStmt @7:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr e @7:1
# CHECK-STDOUT:     value: TupleExpr (parenthesized) @7:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 1 @7:6
# CHECK-STDOUT:   AssignStmt @8:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr f @8:1
# CHECK-STDOUT:     value: TupleExpr (parenthesized) @8:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 1 @8:6
# CHECK-STDOUT:         IntLit 2 @8:9
# CHECK-STDOUT:   AssignStmt @9:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr g @9:1
# CHECK-STDOUT:     value: TupleExpr @9:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 1 @9:5
# CHECK-STDOUT:   AssignStmt @10:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr h @10:1
# CHECK-STDOUT:     value: DictExpr @10:5
# CHECK-STDOUT:   AssignStmt @11:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr k @11:1
# CHECK-STDOUT:     value: DictExpr @11:5
# CHECK-STDOUT:       key: StrLit "a" @11:6
# CHECK-STDOUT:       value: IntLit 1 @11:11
# CHECK-STDOUT:       key: StrLit "b" @11:14
# CHECK-STDOUT:       value: ListExpr @11:19
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           IntLit 2 @11:20
# CHECK-STDOUT:           IntLit 3 @11:23
# CHECK-STDOUT:   AssignStmt @12:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr m @12:1
# CHECK-STDOUT:     value: NameExpr x @12:6
# CHECK-STDOUT:   AssignStmt @13:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr n @13:1
# CHECK-STDOUT:     value: ListExpr @13:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         ListExpr @13:6
# CHECK-STDOUT:           elts:
# CHECK-STDOUT:             IntLit 1 @13:7
# CHECK-STDOUT:             IntLit 2 @13:10
# CHECK-STDOUT:         ListExpr @13:14
# CHECK-STDOUT:           elts:
# CHECK-STDOUT:             IntLit 3 @13:15
# CHECK-STDOUT:             IntLit 4 @13:18
