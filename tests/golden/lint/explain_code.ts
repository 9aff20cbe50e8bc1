# RUN: tcc explain --code TS4003
# RUN: tcc explain --code unused_suppression
# `tcc explain --code` prints a code's long explanation from BREAKS.md.

# CHECK-STDOUT: TS4003 tensor_to_scalar [TensorToScalar] (warning)
# CHECK-STDOUT:
# CHECK-STDOUT: a tensor converted to a Python value (`.item()`, `int(t)`, ...)
# CHECK-STDOUT:
# CHECK-STDOUT: **Cause.** A tensor's data becomes a Python value: `.item()`, `.tolist()`,
# CHECK-STDOUT: `int(t)`, `float(t)`, `bool(t)`, `not t`. The data exists only when the graph
# CHECK-STDOUT: has run.
# CHECK-STDOUT:
# CHECK-STDOUT: ```python
# CHECK-STDOUT: def norm(x):
# CHECK-STDOUT:     n = x.abs().sum().item()   # break
# CHECK-STDOUT:     return x / n
# CHECK-STDOUT: ```
# CHECK-STDOUT:
# CHECK-STDOUT: **Fix.** Keep it a tensor: `return x / x.abs().sum()` broadcasts a 0-d
# CHECK-STDOUT: tensor. Use `where`, `clamp`, `maximum` instead of Python arithmetic on
# CHECK-STDOUT: converted values.
# CHECK-STDOUT:
# CHECK-STDOUT: TS7001 unused_suppression [UnusedSuppression] (warning)
# CHECK-STDOUT:
# CHECK-STDOUT: a `# tcc: allow[...]` comment that matches no finding
# CHECK-STDOUT:
# CHECK-STDOUT: **Cause.** A `# tcc: allow[...]` selector that matches no finding on the
# CHECK-STDOUT: lines it covers: the break was fixed, moved, or is a compile error.
# CHECK-STDOUT:
# CHECK-STDOUT: ```python
# CHECK-STDOUT: def f(x):
# CHECK-STDOUT:     y = x * 2       # tcc: allow[side_effect_io] leftover: nothing prints here
# CHECK-STDOUT:     return y
# CHECK-STDOUT: ```
# CHECK-STDOUT:
# CHECK-STDOUT: **Fix.** Remove the suppression (or the selector that is unused), so that a
# CHECK-STDOUT: new break on that line is not hidden by it.
