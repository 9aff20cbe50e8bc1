# f-strings in compiled functions and at module scope: the text is built by
# the interpreter (a string is not a graph value) around compiled kernels.
# e2e-kernels: 1
def report(x, step):
    y = x * 2
    total = y.sum()
    return y, f"step {step:03d}: total {total:.4f}, first {y[0]}, shape {list(y.shape)}"

def label(i):
    return f"#{i:>3}|{i / 7:.3e}|{i:b}"

y, msg = report(arange(5).float(), 7)
print(msg)
print([label(i) for i in range(3)], f"{y}")
