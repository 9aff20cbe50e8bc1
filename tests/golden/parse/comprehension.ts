# RUN: tcc parse --dump-ast %s
# List comprehensions and generator arguments: the names the `for` clauses
# bind are renamed apart (`x#1`) wherever the comprehension reads them, so an
# outer `x` is neither read nor clobbered; an inner comprehension's own names
# get their own number, and may read the outer ones.
x = 3
ys = [x * 2 for x in xs if x > 0]
grid = [[a + b for b in range(a)] for a, _ in pairs]
n = sum(v for v in ys)

# CHECK-STDOUT: Module comprehension.ts
# CHECK-STDOUT:   AssignStmt @6:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr x @6:1
# CHECK-STDOUT:     value: IntLit 3 @6:5
# CHECK-STDOUT:   AssignStmt @7:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr ys @7:1
# CHECK-STDOUT:     value: ListCompExpr @7:6
# CHECK-STDOUT:       elt: BinaryExpr * @7:7
# CHECK-STDOUT:         lhs: NameExpr x#1 @7:7
# CHECK-STDOUT:         rhs: IntLit 2 @7:11
# CHECK-STDOUT:       for:
# CHECK-STDOUT:         target: NameExpr x#1 @7:17
# CHECK-STDOUT:         iter: NameExpr xs @7:22
# CHECK-STDOUT:         ifs:
# CHECK-STDOUT:           CompareExpr > @7:28
# CHECK-STDOUT:             operands:
# CHECK-STDOUT:               NameExpr x#1 @7:28
# CHECK-STDOUT:               IntLit 0 @7:32
# CHECK-STDOUT:   AssignStmt @8:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr grid @8:1
# CHECK-STDOUT:     value: ListCompExpr @8:8
# CHECK-STDOUT:       elt: ListCompExpr @8:9
# CHECK-STDOUT:         elt: BinaryExpr + @8:10
# CHECK-STDOUT:           lhs: NameExpr a#2 @8:10
# CHECK-STDOUT:           rhs: NameExpr b#3 @8:14
# CHECK-STDOUT:         for:
# CHECK-STDOUT:           target: NameExpr b#3 @8:20
# CHECK-STDOUT:           iter: CallExpr @8:25
# CHECK-STDOUT:             func: NameExpr range @8:25
# CHECK-STDOUT:             args:
# CHECK-STDOUT:               NameExpr a#2 @8:31
# CHECK-STDOUT:       for:
# CHECK-STDOUT:         target: TupleExpr @8:39
# CHECK-STDOUT:           elts:
# CHECK-STDOUT:             NameExpr a#2 @8:39
# CHECK-STDOUT:             NameExpr _#2 @8:42
# CHECK-STDOUT:         iter: NameExpr pairs @8:47
# CHECK-STDOUT:   AssignStmt @9:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr n @9:1
# CHECK-STDOUT:     value: CallExpr @9:5
# CHECK-STDOUT:       func: NameExpr sum @9:5
# CHECK-STDOUT:       args:
# CHECK-STDOUT:         ListCompExpr @9:9
# CHECK-STDOUT:           elt: NameExpr v#4 @9:9
# CHECK-STDOUT:           for:
# CHECK-STDOUT:             target: NameExpr v#4 @9:15
# CHECK-STDOUT:             iter: NameExpr ys @9:20
