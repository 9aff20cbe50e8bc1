# Helper for import_cycle.ts: part of an import cycle with _cycle_a.
import _cycle_a
def b_func():
    return _cycle_a.A_VALUE * 10
