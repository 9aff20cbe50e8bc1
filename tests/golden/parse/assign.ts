# RUN: tcc parse --dump-ast %s
# assignments: plain, chained, tuple, attribute and subscript targets,
# augmented (every operator) and annotated
x = 1
a = b = 2
a, b = b, a
(c, d) = 1, 2
[e, f] = [3, 4]
obj.attr = x
obj.inner.attr = 5
t[0] = 1
t[1:2, ...] = y
x += 1
x -= 1
x *= 2
x /= 2
x //= 2
x %= 3
x **= 2
m @= w
x &= 1
x |= 1
x ^= 1
x <<= 1
x >>= 1
obj.count += 1
t[i] -= 1
n: int = 3
w: Tensor

# CHECK-STDOUT: Module assign.ts
# CHECK-STDOUT:   AssignStmt @4:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr x @4:1
# CHECK-STDOUT:     value: IntLit 1 @4:5
# CHECK-STDOUT:   AssignStmt @5:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr a @5:1
# CHECK-STDOUT:       NameExpr b @5:5
# CHECK-STDOUT:     value: IntLit 2 @5:9
# CHECK-STDOUT:   AssignStmt @6:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       TupleExpr @6:1
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           NameExpr a @6:1
# CHECK-STDOUT:           NameExpr b @6:4
# CHECK-STDOUT:     value: TupleExpr @6:8
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         NameExpr b @6:8
# CHECK-STDOUT:         NameExpr a @6:11
# CHECK-STDOUT:   AssignStmt @7:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       TupleExpr (parenthesized) @7:1
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           NameExpr c @7:2
# CHECK-STDOUT:           NameExpr d @7:5
# CHECK-STDOUT:     value: TupleExpr @7:10
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 1 @7:10
# CHECK-STDOUT:         IntLit 2 @7:13
# CHECK-STDOUT:   AssignStmt @8:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       ListExpr @8:1
# CHECK-STDOUT:         elts:
# CHECK-STDOUT:           NameExpr e @8:2
# CHECK-STDOUT:           NameExpr f @8:5
# CHECK-STDOUT:     value: ListExpr @8:10
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 3 @8:11
# CHECK-STDOUT:         IntLit 4 @8:14
# CHECK-STDOUT:   AssignStmt @9:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       AttributeExpr .attr @9:1
# CHECK-STDOUT:         value: NameExpr obj @9:1
# CHECK-STDOUT:     value: NameExpr x @9:12
# CHECK-STDOUT:   AssignStmt @10:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       AttributeExpr .attr @10:1
# CHECK-STDOUT:         value: AttributeExpr .inner @10:1
# CHECK-STDOUT:           value: NameExpr obj @10:1
# CHECK-STDOUT:     value: IntLit 5 @10:18
# CHECK-STDOUT:   AssignStmt @11:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       SubscriptExpr @11:1
# CHECK-STDOUT:         value: NameExpr t @11:1
# CHECK-STDOUT:         index: IntLit 0 @11:3
# CHECK-STDOUT:     value: IntLit 1 @11:8
# CHECK-STDOUT:   AssignStmt @12:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       SubscriptExpr @12:1
# CHECK-STDOUT:         value: NameExpr t @12:1
# CHECK-STDOUT:         index: TupleExpr @12:3
# CHECK-STDOUT:           elts:
# CHECK-STDOUT:             SliceExpr @12:3
# CHECK-STDOUT:               lower: IntLit 1 @12:3
# CHECK-STDOUT:               upper: IntLit 2 @12:5
# CHECK-STDOUT:             EllipsisLit @12:8
# CHECK-STDOUT:     value: NameExpr y @12:15
# CHECK-STDOUT:   AugAssignStmt += @13:1
# CHECK-STDOUT:     target: NameExpr x @13:1
# CHECK-STDOUT:     value: IntLit 1 @13:6
# CHECK-STDOUT:   AugAssignStmt -= @14:1
# CHECK-STDOUT:     target: NameExpr x @14:1
# CHECK-STDOUT:     value: IntLit 1 @14:6
# CHECK-STDOUT:   AugAssignStmt *= @15:1
# CHECK-STDOUT:     target: NameExpr x @15:1
# CHECK-STDOUT:     value: IntLit 2 @15:6
# CHECK-STDOUT:   AugAssignStmt /= @16:1
# CHECK-STDOUT:     target: NameExpr x @16:1
# CHECK-STDOUT:     value: IntLit 2 @16:6
# CHECK-STDOUT:   AugAssignStmt //= @17:1
# CHECK-STDOUT:     target: NameExpr x @17:1
# CHECK-STDOUT:     value: IntLit 2 @17:7
# CHECK-STDOUT:   AugAssignStmt %= @18:1
# CHECK-STDOUT:     target: NameExpr x @18:1
# CHECK-STDOUT:     value: IntLit 3 @18:6
# CHECK-STDOUT:   AugAssignStmt **= @19:1
# CHECK-STDOUT:     target: NameExpr x @19:1
# CHECK-STDOUT:     value: IntLit 2 @19:7
# CHECK-STDOUT:   AugAssignStmt @= @20:1
# CHECK-STDOUT:     target: NameExpr m @20:1
# CHECK-STDOUT:     value: NameExpr w @20:6
# CHECK-STDOUT:   AugAssignStmt &= @21:1
# CHECK-STDOUT:     target: NameExpr x @21:1
# CHECK-STDOUT:     value: IntLit 1 @21:6
# CHECK-STDOUT:   AugAssignStmt |= @22:1
# CHECK-STDOUT:     target: NameExpr x @22:1
# CHECK-STDOUT:     value: IntLit 1 @22:6
# CHECK-STDOUT:   AugAssignStmt ^= @23:1
# CHECK-STDOUT:     target: NameExpr x @23:1
# CHECK-STDOUT:     value: IntLit 1 @23:6
# CHECK-STDOUT:   AugAssignStmt <<= @24:1
# CHECK-STDOUT:     target: NameExpr x @24:1
# CHECK-STDOUT:     value: IntLit 1 @24:7
# CHECK-STDOUT:   AugAssignStmt >>= @25:1
# CHECK-STDOUT:     target: NameExpr x @25:1
# CHECK-STDOUT:     value: IntLit 1 @25:7
# CHECK-STDOUT:   AugAssignStmt += @26:1
# CHECK-STDOUT:     target: AttributeExpr .count @26:1
# CHECK-STDOUT:       value: NameExpr obj @26:1
# CHECK-STDOUT:     value: IntLit 1 @26:14
# CHECK-STDOUT:   AugAssignStmt -= @27:1
# CHECK-STDOUT:     target: SubscriptExpr @27:1
# CHECK-STDOUT:       value: NameExpr t @27:1
# CHECK-STDOUT:       index: NameExpr i @27:3
# CHECK-STDOUT:     value: IntLit 1 @27:9
# CHECK-STDOUT:   AnnAssignStmt @28:1
# CHECK-STDOUT:     target: NameExpr n @28:1
# CHECK-STDOUT:     annotation: NameExpr int @28:4
# CHECK-STDOUT:     value: IntLit 3 @28:10
# CHECK-STDOUT:   AnnAssignStmt @29:1
# CHECK-STDOUT:     target: NameExpr w @29:1
# CHECK-STDOUT:     annotation: NameExpr Tensor @29:4
