# RUN: tcc parse --dump-ast %s
# int, float, bool, None and string literals
i = [0, 7, 1_000, 0x1F, 0b101, 0o17, 9223372036854775807]
f = [1., .5, 1e-3, 2.5E+2, 3e0, 0.0, 1_0.5]
c = [True, False, None, ...]
s = ["plain", 'single', "esc\t\n\\\"q\"", 'it\'s', "\x41\u00e9", "unknown \d escape"]
j = "adjacent " 'strings'
d = """triple
quoted"""

# CHECK-STDOUT: Module literals.ts
# CHECK-STDOUT:   AssignStmt @3:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr i @3:1
# CHECK-STDOUT:     value: ListExpr @3:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         IntLit 0 @3:6
# CHECK-STDOUT:         IntLit 7 @3:9
# CHECK-STDOUT:         IntLit 1000 @3:12
# CHECK-STDOUT:         IntLit 31 @3:19
# CHECK-STDOUT:         IntLit 5 @3:25
# CHECK-STDOUT:         IntLit 15 @3:32
# CHECK-STDOUT:         IntLit 9223372036854775807 @3:38
# CHECK-STDOUT:   AssignStmt @4:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr f @4:1
# CHECK-STDOUT:     value: ListExpr @4:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         FloatLit 1.0 @4:6
# CHECK-STDOUT:         FloatLit 0.5 @4:10
# CHECK-STDOUT:         FloatLit 0.001 @4:14
# CHECK-STDOUT:         FloatLit 250.0 @4:20
# CHECK-STDOUT:         FloatLit 3.0 @4:28
# CHECK-STDOUT:         FloatLit 0.0 @4:33
# CHECK-STDOUT:         FloatLit 10.5 @4:38
# CHECK-STDOUT:   AssignStmt @5:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr c @5:1
# CHECK-STDOUT:     value: ListExpr @5:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         BoolLit True @5:6
# CHECK-STDOUT:         BoolLit False @5:12
# CHECK-STDOUT:         NoneLit @5:19
# CHECK-STDOUT:         EllipsisLit @5:25
# CHECK-STDOUT:   AssignStmt @6:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr s @6:1
# CHECK-STDOUT:     value: ListExpr @6:5
# CHECK-STDOUT:       elts:
# CHECK-STDOUT:         StrLit "plain" @6:6
# CHECK-STDOUT:         StrLit "single" @6:15
# CHECK-STDOUT:         StrLit "esc\t\n\\\"q\"" @6:25
# CHECK-STDOUT:         StrLit "it's" @6:43
# CHECK-STDOUT:         StrLit "Aé" @6:52
# CHECK-STDOUT:         StrLit "unknown \\d escape" @6:66
# CHECK-STDOUT:   AssignStmt @7:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr j @7:1
# CHECK-STDOUT:     value: StrLit "adjacent strings" @7:5
# CHECK-STDOUT:   AssignStmt @8:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr d @8:1
# CHECK-STDOUT:     value: StrLit "triple\nquoted" @8:5
