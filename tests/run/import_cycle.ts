# RUN: tcc run --eager %s
# An import cycle works as in Python: the module being imported is visible
# (partially initialised) to the module it imports; names resolve at call time.
import _cycle_a
print(_cycle_a.a_func())
# CHECK-STDOUT: 11
