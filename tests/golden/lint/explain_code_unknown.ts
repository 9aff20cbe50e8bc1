# RUN: tcc explain --code TS9999
# RUN-EXIT: 2

# CHECK-STDERR: tcc explain: `TS9999` is not a diagnostic code, name or kind; codes are listed in lang/diagnostics/kinds.def (e.g. TS4003)
