# RUN: tcc parse --dump-ast no_such_file.ts
# RUN-EXIT: 2
# a missing input file is a usage error: exit 2

# CHECK-STDERR: error: cannot open `no_such_file.ts` [TS0001 cannot_read_file]
