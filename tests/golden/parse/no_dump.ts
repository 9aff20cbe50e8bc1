# RUN: tcc parse %s
# without --dump-ast a clean file prints nothing
x = 1
