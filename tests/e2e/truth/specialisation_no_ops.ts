# A specialisation whose statements trace no tensor op has no kernel, but its
# guards are in the plan (an `interpret` segment, runtime README): calling
# f(x, False) after f(x, True) was compiled runs the interpreter as explain
# says ("no tensor operations: no graph") with no guard-failure warning.
# Before, the run warned that compiled code for `f` did not run. The same
# for a set argument, a dict argument and an empty list.
def f(x, flag: bool):
    y = x
    if flag:
        y = y * 2
    return y

def g(x, names):
    y = x
    for n in ["a", "b"]:
        if n in names:
            y = y + 1
    return y

def h(x, opts):
    if "scale" in opts:
        return x * opts["scale"]
    return x

def total(xs):
    s = 0.0
    for x in xs:
        s = s + x
    return s

x = ones(3)
print(f(x, True).tolist(), f(x, False).tolist(), f(x, True).tolist())
print(g(x, {"a"}).tolist(), g(x, set()).tolist(), g(x, {"b", "a"}).tolist())
print(h(x, {"scale": 3.0}).tolist(), h(x, {}).tolist())
print(total([x, x]).tolist(), total([]))
