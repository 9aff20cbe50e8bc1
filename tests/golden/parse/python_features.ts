# RUN: tcc parse --dump-ast %s
# Star parameters and arguments, starred targets and displays, try/except,
# raise, global/nonlocal, del, loop else clauses.
def f(a, b=1, *args, c, d=2, **kw):
    global counter
    nonlocal_free = 0
    try:
        r = g(*args, a, **kw, e=3)
    except (ValueError, KeyError) as e:
        raise RuntimeError("bad") from e
    except Exception:
        raise
    else:
        r = [*args, *kw]
    finally:
        del kw["x"], args
    for i in args:
        break
    else:
        pass
    while False:
        pass
    else:
        pass
    first, *rest = args
    return {**kw, "a": a}
h = lambda *xs, k=1, **kw: xs
def only(*, x):
    return x

# CHECK-STDOUT: Module python_features.ts
# CHECK-STDOUT:   FunctionDef f @4:1
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param a @4:7
# CHECK-STDOUT:       Param b @4:10
# CHECK-STDOUT:         default: IntLit 1 @4:12
# CHECK-STDOUT:       Param args varargs @4:16
# CHECK-STDOUT:       Param c kwonly @4:22
# CHECK-STDOUT:       Param d kwonly @4:25
# CHECK-STDOUT:         default: IntLit 2 @4:27
# CHECK-STDOUT:       Param kw varkw @4:32
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       GlobalStmt counter @5:5
# CHECK-STDOUT:       AssignStmt @6:5
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           NameExpr nonlocal_free @6:5
# CHECK-STDOUT:         value: IntLit 0 @6:21
# CHECK-STDOUT:       TryStmt @7:5
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           AssignStmt @8:9
# CHECK-STDOUT:             targets:
# CHECK-STDOUT:               NameExpr r @8:9
# CHECK-STDOUT:             value: CallExpr @8:13
# CHECK-STDOUT:               func: NameExpr g @8:13
# CHECK-STDOUT:               args:
# CHECK-STDOUT:                 StarredExpr @8:15
# CHECK-STDOUT:                   value: NameExpr args @8:16
# CHECK-STDOUT:                 NameExpr a @8:22
# CHECK-STDOUT:               keywords:
# CHECK-STDOUT:                 Keyword ** @8:25
# CHECK-STDOUT:                   value: NameExpr kw @8:27
# CHECK-STDOUT:                 Keyword e @8:31
# CHECK-STDOUT:                   value: IntLit 3 @8:33
# CHECK-STDOUT:         except as e @9:5:
# CHECK-STDOUT:           type: TupleExpr (parenthesized) @9:12
# CHECK-STDOUT:             elts:
# CHECK-STDOUT:               NameExpr ValueError @9:13
# CHECK-STDOUT:               NameExpr KeyError @9:25
# CHECK-STDOUT:           body:
# CHECK-STDOUT:             RaiseStmt @10:9
# CHECK-STDOUT:               exc: CallExpr @10:15
# CHECK-STDOUT:                 func: NameExpr RuntimeError @10:15
# CHECK-STDOUT:                 args:
# CHECK-STDOUT:                   StrLit "bad" @10:28
# CHECK-STDOUT:               cause: NameExpr e @10:40
# CHECK-STDOUT:         except @11:5:
# CHECK-STDOUT:           type: NameExpr Exception @11:12
# CHECK-STDOUT:           body:
# CHECK-STDOUT:             RaiseStmt @12:9
# CHECK-STDOUT:         else:
# CHECK-STDOUT:           AssignStmt @14:9
# CHECK-STDOUT:             targets:
# CHECK-STDOUT:               NameExpr r @14:9
# CHECK-STDOUT:             value: ListExpr @14:13
# CHECK-STDOUT:               elts:
# CHECK-STDOUT:                 StarredExpr @14:14
# CHECK-STDOUT:                   value: NameExpr args @14:15
# CHECK-STDOUT:                 StarredExpr @14:21
# CHECK-STDOUT:                   value: NameExpr kw @14:22
# CHECK-STDOUT:         finally:
# CHECK-STDOUT:           DelStmt @16:9
# CHECK-STDOUT:             targets:
# CHECK-STDOUT:               SubscriptExpr @16:13
# CHECK-STDOUT:                 value: NameExpr kw @16:13
# CHECK-STDOUT:                 index: StrLit "x" @16:16
# CHECK-STDOUT:               NameExpr args @16:22
# CHECK-STDOUT:       ForStmt @17:5
# CHECK-STDOUT:         target: NameExpr i @17:9
# CHECK-STDOUT:         iter: NameExpr args @17:14
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           BreakStmt @18:9
# CHECK-STDOUT:         else:
# CHECK-STDOUT:           PassStmt @20:9
# CHECK-STDOUT:       WhileStmt @21:5
# CHECK-STDOUT:         test: BoolLit False @21:11
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           PassStmt @22:9
# CHECK-STDOUT:         else:
# CHECK-STDOUT:           PassStmt @24:9
# CHECK-STDOUT:       AssignStmt @25:5
# CHECK-STDOUT:         targets:
# CHECK-STDOUT:           TupleExpr @25:5
# CHECK-STDOUT:             elts:
# CHECK-STDOUT:               NameExpr first @25:5
# CHECK-STDOUT:               StarredExpr @25:12
# CHECK-STDOUT:                 value: NameExpr rest @25:13
# CHECK-STDOUT:         value: NameExpr args @25:20
# CHECK-STDOUT:       ReturnStmt @26:5
# CHECK-STDOUT:         value: DictExpr @26:12
# CHECK-STDOUT:           key: **
# CHECK-STDOUT:           value: NameExpr kw @26:15
# CHECK-STDOUT:           key: StrLit "a" @26:19
# CHECK-STDOUT:           value: NameExpr a @26:24
# CHECK-STDOUT:   AssignStmt @27:1
# CHECK-STDOUT:     targets:
# CHECK-STDOUT:       NameExpr h @27:1
# CHECK-STDOUT:     value: LambdaExpr @27:5
# CHECK-STDOUT:       FunctionDef <lambda> @27:5
# CHECK-STDOUT:         params:
# CHECK-STDOUT:           Param xs varargs @27:13
# CHECK-STDOUT:           Param k kwonly @27:17
# CHECK-STDOUT:             default: IntLit 1 @27:19
# CHECK-STDOUT:           Param kw varkw @27:24
# CHECK-STDOUT:         body:
# CHECK-STDOUT:           ReturnStmt @27:28
# CHECK-STDOUT:             value: NameExpr xs @27:28
# CHECK-STDOUT:   FunctionDef only @28:1
# CHECK-STDOUT:     params:
# CHECK-STDOUT:       Param x kwonly @28:13
# CHECK-STDOUT:     body:
# CHECK-STDOUT:       ReturnStmt @29:5
# CHECK-STDOUT:         value: NameExpr x @29:12
