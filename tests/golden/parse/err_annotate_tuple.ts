# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
a, b: int = 1, 2

# CHECK-STDERR: err_annotate_tuple.ts:3:1: error: only a single name, attribute or subscript can be annotated [TS1009 invalid_target]
# CHECK-STDERR:  3 | a, b: int = 1, 2
# CHECK-STDERR:    | ^~~~
