# RUN: tcc run --eager %s
# RUN-EXIT: 1
def f(a, b):
    return a + b

print(f(1, 2, 3))

# CHECK-STDERR: wrong_arg_count.ts:6:7: error: `f()` takes 2 positional arguments but 3 were given [TS3007 argument_error]
# CHECK-STDERR:  6 | print(f(1, 2, 3))
# CHECK-STDERR:    |       ^~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (wrong_arg_count.ts:6:7)
