# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = load("does_not_exist.npy")

# CHECK-STDERR: npy_missing.ts:3:5: error: load: cannot open 'does_not_exist.npy': No such file or directory [TS3011 file_error]
# CHECK-STDERR:  3 | x = load("does_not_exist.npy")
# CHECK-STDERR:    |     ^~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (npy_missing.ts:3:5)
