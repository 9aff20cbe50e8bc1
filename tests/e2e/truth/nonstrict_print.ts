# `print` inside a nonstrict_trace function runs at run time in both modes,
# on every call, or explain warns that it does not (nonstrict_side_effect).
# truth: output-differs-with-warning nonstrict_side_effect
@nonstrict_trace
def log_norm(x):
    n = x.sum()
    print("norm", n)
    return x / n

def model(x):
    y = log_norm(x * 2)
    return y + 1

for i in range(2):
    print(model(ones(3) * (i + 1)))
