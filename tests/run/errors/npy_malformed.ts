# RUN: tcc run --eager %s
# RUN-EXIT: 1
x = load("_not_npy.txt")

# CHECK-STDERR: npy_malformed.ts:3:5: error: load: '_not_npy.txt' is not a .npy file (bad magic) [TS3011 file_error]
# CHECK-STDERR:  3 | x = load("_not_npy.txt")
# CHECK-STDERR:    |     ^~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at <module> (npy_malformed.ts:3:5)
