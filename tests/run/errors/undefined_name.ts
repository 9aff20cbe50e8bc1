# RUN: tcc run --eager %s
# RUN-EXIT: 1
def f(x):
    return x + offset

print(f(1))

# CHECK-STDERR: undefined_name.ts:4:16: error: name `offset` is not defined [TS3002 name_error]
# CHECK-STDERR:  4 |     return x + offset
# CHECK-STDERR:    |                ^~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at f (undefined_name.ts:4:16)
# CHECK-STDERR:   at <module> (undefined_name.ts:6:7)
