# RUN: tcc run --eager %s
# RUN-EXIT: 1
def f(flag):
    if flag:
        y = 1
    return y

f(False)

# CHECK-STDERR: unbound_local.ts:6:12: error: local variable `y` is used before it is assigned [TS3002 name_error]
# CHECK-STDERR:  6 |     return y
# CHECK-STDERR:    |            ^
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at f (unbound_local.ts:6:12)
# CHECK-STDERR:   at <module> (unbound_local.ts:8:1)
