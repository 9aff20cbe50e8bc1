# RUN: tcc lint --strict-suppressions %s
# RUN-EXIT: 1
# --strict-suppressions: a suppression must say why.

def f(x):
    print(x)             # tcc: allow[side_effect_io]
    print(x + 1)         # tcc: allow[side_effect_io] reported once per run
    return x

f(ones(2))

# CHECK-STDOUT: suppress_strict.ts:6:26: error: suppression without a reason [TS7003 suppression_without_reason]
# CHECK-STDOUT:  6 |     print(x)             # tcc: allow[side_effect_io]
# CHECK-STDOUT:    |                          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT: hint: say why the break is acceptable after the brackets: `# tcc: allow[KIND] reason`
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 1 problem, 2 suppressed - failed
