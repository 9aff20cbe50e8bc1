# RUN: tcc bulid %s
# RUN-EXIT: 2
# A misspelt subcommand is a usage error with the closest command.
print(1)

# CHECK-STDERR: tcc: error: unknown command `bulid`; did you mean `build`?
# CHECK-STDERR: Run with --help for more information.
