# RUN: tcc parse --dump-ast %s
# classes with typed fields, methods, bases and decorators
class Linear:
    w: Tensor
    b: Tensor
    scale: float = 1.0

    def forward(self, x):
        return x @ self.w + self.b

@pytree
class Pair(Base):
    a: Tensor
    b: int

class Empty:
    pass

class Derived(A, B):
    def method(self):
        self.x = 1

# CHECK-STDOUT: Module classes.ts
# CHECK-STDOUT:   ClassDef Linear @3:1
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AnnAssignStmt @4:5
# CHECK-STDOUT:         target: NameExpr w @4:5
# CHECK-STDOUT:         annotation: NameExpr Tensor @4:8
# CHECK-STDOUT:       AnnAssignStmt @5:5
# CHECK-STDOUT:         target: NameExpr b @5:5
# CHECK-STDOUT:         annotation: NameExpr Tensor @5:8
# CHECK-STDOUT:       AnnAssignStmt @6:5
# CHECK-STDOUT:         target: NameExpr scale @6:5
# CHECK-STDOUT:         annotation: NameExpr float @6:12
# CHECK-STDOUT:         value: FloatLit 1.0 @6:20
# CHECK-STDOUT:       FunctionDef forward @8:5
# CHECK-STDOUT:         params:
# CHECK-STDOUT:           Param self @8:17
# CHECK-STDOUT:           Param x @8:23
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           ReturnStmt @9:9
# CHECK-STDOUT:             value: BinaryExpr + @9:16
# CHECK-STDOUT:               lhs: BinaryExpr @ @9:16
# CHECK-STDOUT:                 lhs: NameExpr x @9:16
# CHECK-STDOUT:                 rhs: AttributeExpr .w @9:20
# CHECK-STDOUT:                   value: NameExpr self @9:20
# CHECK-STDOUT:               rhs: AttributeExpr .b @9:29
# CHECK-STDOUT:                 value: NameExpr self @9:29
# CHECK-STDOUT:   ClassDef Pair @12:1
# CHECK-STDOUT:     decorators:
# CHECK-STDOUT:       NameExpr pytree @11:2
# CHECK-STDOUT:     bases:
# CHECK-STDOUT:       NameExpr Base @12:12
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       AnnAssignStmt @13:5
# CHECK-STDOUT:         target: NameExpr a @13:5
# CHECK-STDOUT:         annotation: NameExpr Tensor @13:8
# CHECK-STDOUT:       AnnAssignStmt @14:5
# CHECK-STDOUT:         target: NameExpr b @14:5
# CHECK-STDOUT:         annotation: NameExpr int @14:8
# CHECK-STDOUT:   ClassDef Empty @16:1
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       PassStmt @17:5
# CHECK-STDOUT:   ClassDef Derived @19:1
# CHECK-STDOUT:     bases:
# CHECK-STDOUT:       NameExpr A @19:15
# CHECK-STDOUT:       NameExpr B @19:18
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       FunctionDef method @20:5
# CHECK-STDOUT:         params:
# CHECK-STDOUT:           Param self @20:16
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           AssignStmt @21:9
# CHECK-STDOUT:             targets:
# CHECK-STDOUT:               AttributeExpr .x @21:9
# CHECK-STDOUT:                 value: NameExpr self @21:9
# CHECK-STDOUT:             value: IntLit 1 @21:18
