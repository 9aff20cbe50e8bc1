# Helper for import_cycle.ts: imports _cycle_b, which imports this module back.
import _cycle_b
A_VALUE = 1
def a_func():
    return _cycle_b.b_func() + A_VALUE
