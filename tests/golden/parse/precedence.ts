# RUN: tcc parse --dump-ast %s
# Python's operator precedence and associativity
a + b * c
(a + b) * c
a - b - c
a @ b + c
x @ w @ v
-x ** 2
2 ** -1
a ** b ** c
-a * b
~a + b
a << 1 + 2
a & b | c ^ d
a == b
a < b <= c
a is None
a is not None
a in b
a not in b
not a == b
a and b or c and d
not a and not b
a or b or c
x if c else y
x if a else y if b else z
a + b if c or d else e
a % b // c / d

# CHECK-STDOUT: Module precedence.ts
# CHECK-STDOUT:   ExprStmt @3:1
# CHECK-STDOUT:     value: BinaryExpr + @3:1
# CHECK-STDOUT:       lhs: NameExpr a @3:1
# CHECK-STDOUT:       rhs: BinaryExpr * @3:5
# CHECK-STDOUT:         lhs: NameExpr b @3:5
# CHECK-STDOUT:         rhs: NameExpr c @3:9
# CHECK-STDOUT:   ExprStmt @4:1
# CHECK-STDOUT:     value: BinaryExpr * @4:1
# CHECK-STDOUT:       lhs: BinaryExpr + @4:2
# CHECK-STDOUT:         lhs: NameExpr a @4:2
# CHECK-STDOUT:         rhs: NameExpr b @4:6
# CHECK-STDOUT:       rhs: NameExpr c @4:11
# CHECK-STDOUT:   ExprStmt @5:1
# CHECK-STDOUT:     value: BinaryExpr - @5:1
# CHECK-STDOUT:       lhs: BinaryExpr - @5:1
# CHECK-STDOUT:         lhs: NameExpr a @5:1
# CHECK-STDOUT:         rhs: NameExpr b @5:5
# CHECK-STDOUT:       rhs: NameExpr c @5:9
# CHECK-STDOUT:   ExprStmt @6:1
# CHECK-STDOUT:     value: BinaryExpr + @6:1
# CHECK-STDOUT:       lhs: BinaryExpr @ @6:1
# CHECK-STDOUT:         lhs: NameExpr a @6:1
# CHECK-STDOUT:         rhs: NameExpr b @6:5
# CHECK-STDOUT:       rhs: NameExpr c @6:9
# CHECK-STDOUT:   ExprStmt @7:1
# CHECK-STDOUT:     value: BinaryExpr @ @7:1
# CHECK-STDOUT:       lhs: BinaryExpr @ @7:1
# CHECK-STDOUT:         lhs: NameExpr x @7:1
# CHECK-STDOUT:         rhs: NameExpr w @7:5
# CHECK-STDOUT:       rhs: NameExpr v @7:9
# CHECK-STDOUT:   ExprStmt @8:1
# CHECK-STDOUT:     value: UnaryExpr - @8:1
# CHECK-STDOUT:       operand: BinaryExpr ** @8:2
# CHECK-STDOUT:         lhs: NameExpr x @8:2
# CHECK-STDOUT:         rhs: IntLit 2 @8:7
# CHECK-STDOUT:   ExprStmt @9:1
# CHECK-STDOUT:     value: BinaryExpr ** @9:1
# CHECK-STDOUT:       lhs: IntLit 2 @9:1
# CHECK-STDOUT:       rhs: UnaryExpr - @9:6
# CHECK-STDOUT:         operand: IntLit 1 @9:7
# CHECK-STDOUT:   ExprStmt @10:1
# CHECK-STDOUT:     value: BinaryExpr ** @10:1
# CHECK-STDOUT:       lhs: NameExpr a @10:1
# CHECK-STDOUT:       rhs: BinaryExpr ** @10:6
# CHECK-STDOUT:         lhs: NameExpr b @10:6
# CHECK-STDOUT:         rhs: NameExpr c @10:11
# CHECK-STDOUT:   ExprStmt @11:1
# CHECK-STDOUT:     value: BinaryExpr * @11:1
# CHECK-STDOUT:       lhs: UnaryExpr - @11:1
# CHECK-STDOUT:         operand: NameExpr a @11:2
# CHECK-STDOUT:       rhs: NameExpr b @11:6
# CHECK-STDOUT:   ExprStmt @12:1
# CHECK-STDOUT:     value: BinaryExpr + @12:1
# CHECK-STDOUT:       lhs: UnaryExpr ~ @12:1
# CHECK-STDOUT:         operand: NameExpr a @12:2
# CHECK-STDOUT:       rhs: NameExpr b @12:6
# CHECK-STDOUT:   ExprStmt @13:1
# CHECK-STDOUT:     value: BinaryExpr << @13:1
# CHECK-STDOUT:       lhs: NameExpr a @13:1
# CHECK-STDOUT:       rhs: BinaryExpr + @13:6
# CHECK-STDOUT:         lhs: IntLit 1 @13:6
# CHECK-STDOUT:         rhs: IntLit 2 @13:10
# CHECK-STDOUT:   ExprStmt @14:1
# CHECK-STDOUT:     value: BinaryExpr | @14:1
# CHECK-STDOUT:       lhs: BinaryExpr & @14:1
# CHECK-STDOUT:         lhs: NameExpr a @14:1
# CHECK-STDOUT:         rhs: NameExpr b @14:5
# CHECK-STDOUT:       rhs: BinaryExpr ^ @14:9
# CHECK-STDOUT:         lhs: NameExpr c @14:9
# CHECK-STDOUT:         rhs: NameExpr d @14:13
# CHECK-STDOUT:   ExprStmt @15:1
# CHECK-STDOUT:     value: CompareExpr == @15:1
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr a @15:1
# CHECK-STDOUT:         NameExpr b @15:6
# CHECK-STDOUT:   ExprStmt @16:1
# CHECK-STDOUT:     value: CompareExpr < <= @16:1
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr a @16:1
# CHECK-STDOUT:         NameExpr b @16:5
# CHECK-STDOUT:         NameExpr c @16:10
# CHECK-STDOUT:   ExprStmt @17:1
# CHECK-STDOUT:     value: CompareExpr is @17:1
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr a @17:1
# CHECK-STDOUT:         NoneLit @17:6
# CHECK-STDOUT:   ExprStmt @18:1
# CHECK-STDOUT:     value: CompareExpr is not @18:1
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr a @18:1
# CHECK-STDOUT:         NoneLit @18:10
# CHECK-STDOUT:   ExprStmt @19:1
# CHECK-STDOUT:     value: CompareExpr in @19:1
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr a @19:1
# CHECK-STDOUT:         NameExpr b @19:6
# CHECK-STDOUT:   ExprStmt @20:1
# CHECK-STDOUT:     value: CompareExpr not in @20:1
# CHECK-STDOUT:       operands:
# CHECK-STDOUT:         NameExpr a @20:1
# CHECK-STDOUT:         NameExpr b @20:10
# CHECK-STDOUT:   ExprStmt @21:1
# CHECK-STDOUT:     value: UnaryExpr not @21:1
# CHECK-STDOUT:       operand: CompareExpr == @21:5
# CHECK-STDOUT:         operands:
# CHECK-STDOUT:           NameExpr a @21:5
# CHECK-STDOUT:           NameExpr b @21:10
# CHECK-STDOUT:   ExprStmt @22:1
# CHECK-STDOUT:     value: BoolOpExpr or @22:1
# CHECK-STDOUT:       values:
# CHECK-STDOUT:         BoolOpExpr and @22:1
# CHECK-STDOUT:           values:
# CHECK-STDOUT:             NameExpr a @22:1
# CHECK-STDOUT:             NameExpr b @22:7
# CHECK-STDOUT:         BoolOpExpr and @22:12
# CHECK-STDOUT:           values:
# CHECK-STDOUT:             NameExpr c @22:12
# CHECK-STDOUT:             NameExpr d @22:18
# CHECK-STDOUT:   ExprStmt @23:1
# CHECK-STDOUT:     value: BoolOpExpr and @23:1
# CHECK-STDOUT:       values:
# CHECK-STDOUT:         UnaryExpr not @23:1
# CHECK-STDOUT:           operand: NameExpr a @23:5
# CHECK-STDOUT:         UnaryExpr not @23:11
# CHECK-STDOUT:           operand: NameExpr b @23:15
# CHECK-STDOUT:   ExprStmt @24:1
# CHECK-STDOUT:     value: BoolOpExpr or @24:1
# CHECK-STDOUT:       values:
# CHECK-STDOUT:         NameExpr a @24:1
# CHECK-STDOUT:         NameExpr b @24:6
# CHECK-STDOUT:         NameExpr c @24:11
# CHECK-STDOUT:   ExprStmt @25:1
# CHECK-STDOUT:     value: IfExpr @25:1
# CHECK-STDOUT:       test: NameExpr c @25:6
# CHECK-STDOUT:       body: NameExpr x @25:1
# CHECK-STDOUT:       orelse: NameExpr y @25:13
# CHECK-STDOUT:   ExprStmt @26:1
# CHECK-STDOUT:     value: IfExpr @26:1
# CHECK-STDOUT:       test: NameExpr a @26:6
# CHECK-STDOUT:       body: NameExpr x @26:1
# CHECK-STDOUT:       orelse: IfExpr @26:13
# CHECK-STDOUT:         test: NameExpr b @26:18
# CHECK-STDOUT:         body: NameExpr y @26:13
# CHECK-STDOUT:         orelse: NameExpr z @26:25
# CHECK-STDOUT:   ExprStmt @27:1
# CHECK-STDOUT:     value: IfExpr @27:1
# CHECK-STDOUT:       test: BoolOpExpr or @27:10
# CHECK-STDOUT:         values:
# CHECK-STDOUT:           NameExpr c @27:10
# CHECK-STDOUT:           NameExpr d @27:15
# CHECK-STDOUT:       body: BinaryExpr + @27:1
# CHECK-STDOUT:         lhs: NameExpr a @27:1
# CHECK-STDOUT:         rhs: NameExpr b @27:5
# CHECK-STDOUT:       orelse: NameExpr e @27:22
# CHECK-STDOUT:   ExprStmt @28:1
# CHECK-STDOUT:     value: BinaryExpr / @28:1
# CHECK-STDOUT:       lhs: BinaryExpr // @28:1
# CHECK-STDOUT:         lhs: BinaryExpr % @28:1
# CHECK-STDOUT:           lhs: NameExpr a @28:1
# CHECK-STDOUT:           rhs: NameExpr b @28:5
# CHECK-STDOUT:         rhs: NameExpr c @28:10
# CHECK-STDOUT:       rhs: NameExpr d @28:14
