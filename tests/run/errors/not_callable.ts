# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = ones(2)
y = x.shape(0)

# CHECK-STDERR: not_callable.ts:4:5: error: a value of type `tuple` is not callable [TS3014 not_callable]
# CHECK-STDERR:  4 | y = x.shape(0)
# CHECK-STDERR:    |     ^~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (not_callable.ts:4:5)
