# RUN: tcc parse --dump-ast %s
# an empty program: only comments and blank lines

   # indented comment

# CHECK-STDOUT: Module comments_only.ts
