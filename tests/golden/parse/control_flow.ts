# RUN: tcc parse --dump-ast %s
# if/elif/else, for, while, break, continue, pass
if x > 0:
    y = 1
elif x < 0:
    y = -1
elif x == 0:
    pass
else:
    y = 0

if a:
    b = 1
else:
    if c:
        b = 2

for i in range(3):
    if i == 1:
        continue
    if i == 2:
        break

for k, v in pairs:
    total += v

while n > 0:
    n -= 1
else_ = 1

if x: y = 1
while False: pass

# CHECK-STDOUT: Module control_flow.ts
# CHECK-STDOUT:   IfStmt @3:1
# CHECK-STDOUT:     test: CompareExpr > @3:4
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr x @3:4
# CHECK-STDOUT:         IntLit 0 @3:8
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AssignStmt @4:5
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           NameExpr y @4:5
# CHECK-STDOUT:         value: IntLit 1 @4:9
# CHECK-STDOUT:     elif:
# CHECK-STDOUT:       IfStmt @5:1
# CHECK-STDOUT:         test: CompareExpr < @5:6
# CHECK-STDOUT:           operands:
# CHECK-STDOUT:             NameExpr x @5:6
# CHECK-STDOUT:             IntLit 0 @5:10
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           AssignStmt @6:5
# CHECK-STDOUT:             targets:
# CHECK-STDOUT:               NameExpr y @6:5
# CHECK-STDOUT:             value: UnaryExpr - @6:9
# CHECK-STDOUT:               operand: IntLit 1 @6:10
# CHECK-STDOUT:         elif:
# CHECK-STDOUT:           IfStmt @7:1
# CHECK-STDOUT:             test: CompareExpr == @7:6
# CHECK-STDOUT:               operands:
# CHECK-STDOUT:                 NameExpr x @7:6
# CHECK-STDOUT:                 IntLit 0 @7:11
# CHECK-STDOUT:             body:
# CHECK-STDOUT:               PassStmt @8:5
# CHECK-STDOUT:             else:
# CHECK-STDOUT:               AssignStmt @10:5
# CHECK-STDOUT:                 targets:
# CHECK-STDOUT:                   NameExpr y @10:5
# CHECK-STDOUT:                 value: IntLit 0 @10:9
# CHECK-STDOUT:   IfStmt @12:1
# CHECK-STDOUT:     test: NameExpr a @12:4
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AssignStmt @13:5
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           NameExpr b @13:5
# CHECK-STDOUT:         value: IntLit 1 @13:9
# CHECK-STDOUT:     else:
# CHECK-STDOUT:       IfStmt @15:5
# CHECK-STDOUT:         test: NameExpr c @15:8
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           AssignStmt @16:9
# CHECK-STDOUT:             targets:
# CHECK-STDOUT:               NameExpr b @16:9
# CHECK-STDOUT:             value: IntLit 2 @16:13
# CHECK-STDOUT:   ForStmt @18:1
# CHECK-STDOUT:     target: NameExpr i @18:5
# CHECK-STDOUT:     iter: CallExpr @18:10
# CHECK-STDOUT:       func: NameExpr range @18:10
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         IntLit 3 @18:16
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       IfStmt @19:5
# CHECK-STDOUT:         test: CompareExpr == @19:8
# CHECK-STDOUT:           operands:
# CHECK-STDOUT:             NameExpr i @19:8
# CHECK-STDOUT:             IntLit 1 @19:13
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           ContinueStmt @20:9
# CHECK-STDOUT:       IfStmt @21:5
# CHECK-STDOUT:         test: CompareExpr == @21:8
# CHECK-STDOUT:           operands:
# CHECK-STDOUT:             NameExpr i @21:8
# CHECK-STDOUT:             IntLit 2 @21:13
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           BreakStmt @22:9
# CHECK-STDOUT:   ForStmt @24:1
# CHECK-STDOUT:     target: TupleExpr @24:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         NameExpr k @24:5
# CHECK-STDOUT:         NameExpr v @24:8
# CHECK-STDOUT:     iter: NameExpr pairs @24:13
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AugAssignStmt += @25:5
# CHECK-STDOUT:         target: NameExpr total @25:5
# CHECK-STDOUT:         value: NameExpr v @25:14
# CHECK-STDOUT:   WhileStmt @27:1
# CHECK-STDOUT:     test: CompareExpr > @27:7
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr n @27:7
# CHECK-STDOUT:         IntLit 0 @27:11
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AugAssignStmt -= @28:5
# CHECK-STDOUT:         target: NameExpr n @28:5
# CHECK-STDOUT:         value: IntLit 1 @28:10
# CHECK-STDOUT:   AssignStmt @29:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr else_ @29:1
# CHECK-STDOUT:     value: IntLit 1 @29:9
# CHECK-STDOUT:   IfStmt @31:1
# CHECK-STDOUT:     test: NameExpr x @31:4
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AssignStmt @31:7
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           NameExpr y @31:7
# CHECK-STDOUT:         value: IntLit 1 @31:11
# CHECK-STDOUT:   WhileStmt @32:1
# CHECK-STDOUT:     test: BoolLit False @32:7
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       PassStmt @32:14
