# RUN: tcc lint %s
# RUN-EXIT: 1
# An allow-begin that is never closed covers the rest of the file and is
# reported; the break inside stays suppressed.

def f(x):
    # tcc: allow-begin[side_effect_io] tracing output
    print(x)
    return x

f(ones(2))

# CHECK-STDOUT: block_unclosed.ts:7:5: error: `# tcc: allow-begin[...]` is never closed by `# tcc: allow-end` [TS7002 invalid_suppression]
# CHECK-STDOUT:  7 |     # tcc: allow-begin[side_effect_io] tracing output
# CHECK-STDOUT:    |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT: hint: add `# tcc: allow-end` after the last line it should cover
# CHECK-STDOUT:
# CHECK-STDOUT: tcc lint: 1 file, 1 problem, 1 suppressed - failed
