# RUN: tcc parse --dump-ast %s
# decorators: @name, @name(args), @a.b, @a.b(k=v), stacked in any number
@fullgraph
def a(x):
    return x

@fullgraph(False)
@error_on_graph_break(True)
@nonstrict_trace
def b(x):
    return x

@mod.deco
@mod.deco(k=1, j=[1, 2])
@f(1)(2)
def c():
    pass

# CHECK-STDOUT: Module decorators.ts
# CHECK-STDOUT:   FunctionDef a @4:1
# CHECK-STDOUT:     decorators:
# CHECK-STDOUT:       NameExpr fullgraph @3:2
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param x @4:7
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @5:5
# CHECK-STDOUT:         value: NameExpr x @5:12
# CHECK-STDOUT:   FunctionDef b @10:1
# CHECK-STDOUT:     decorators:
# CHECK-STDOUT:       CallExpr @7:2
# CHECK-STDOUT:         func: NameExpr fullgraph @7:2
# CHECK-STDOUT:         args:
# CHECK-STDOUT:           BoolLit False @7:12
# CHECK-STDOUT:       CallExpr @8:2
# CHECK-STDOUT:         func: NameExpr error_on_graph_break @8:2
# CHECK-STDOUT:         args:
# CHECK-STDOUT:           BoolLit True @8:23
# CHECK-STDOUT:       NameExpr nonstrict_trace @9:2
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param x @10:7
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @11:5
# CHECK-STDOUT:         value: NameExpr x @11:12
# CHECK-STDOUT:   FunctionDef c @16:1
# CHECK-STDOUT:     decorators:
# CHECK-STDOUT:       AttributeExpr .deco @13:2
# CHECK-STDOUT:         value: NameExpr mod @13:2
# CHECK-STDOUT:       CallExpr @14:2
# CHECK-STDOUT:         func: AttributeExpr .deco @14:2
# CHECK-STDOUT:           value: NameExpr mod @14:2
# CHECK-STDOUT:         keywords:
# CHECK-STDOUT:           Keyword k @14:11
# CHECK-STDOUT:             value: IntLit 1 @14:13
# CHECK-STDOUT:           Keyword j @14:16
# CHECK-STDOUT:             value: ListExpr @14:18
# CHECK-STDOUT:               elts:
# CHECK-STDOUT:                 IntLit 1 @14:19
# CHECK-STDOUT:                 IntLit 2 @14:22
# CHECK-STDOUT:       CallExpr @15:2
# CHECK-STDOUT:         func: CallExpr @15:2
# CHECK-STDOUT:           func: NameExpr f @15:2
# CHECK-STDOUT:           args:
# CHECK-STDOUT:             IntLit 1 @15:4
# CHECK-STDOUT:         args:
# CHECK-STDOUT:           IntLit 2 @15:7
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       PassStmt @17:5
