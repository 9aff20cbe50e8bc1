# RUN: tcc build %s -o no/such/dir/prog
# RUN-EXIT: 1
# An output folder that does not exist is the user's error (exit 1), said
# before the build, not an internal error with the linker's output.
print(1)

# CHECK-STDERR: error: cannot write `no/such/dir/prog`: the folder `no/such/dir` does not exist [TS6004 cannot_write_output]
