# RUN: tcc run --eager %s
# RUN-EXIT: 1
# A run-time error caught by its Python name and raised again keeps its own
# diagnostic (kind and message).
xs = [1, 2, 3]
try:
    print(xs[7])
except IndexError as e:
    print("caught", e)
    raise

# CHECK-STDOUT: caught list index 7 is out of range for length 3
# CHECK-STDERR: reraise_index.ts:10:5: error: list index 7 is out of range for length 3 [TS3004 index_error]
# CHECK-STDERR:  10 |     raise
# CHECK-STDERR:     |     ^~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (reraise_index.ts:10:5)
