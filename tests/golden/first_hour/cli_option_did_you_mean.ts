# RUN: tcc run --eagre %s
# RUN-EXIT: 2
# A misspelt option is a usage error with the closest option of the command.
print(1)

# CHECK-STDERR: tcc: error: unknown option `--eagre` for `tcc run`; did you mean `--eager`?
# CHECK-STDERR: Run with --help for more information.
