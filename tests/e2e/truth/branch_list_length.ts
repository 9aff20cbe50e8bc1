# A list whose length depends on a test known only at run time: the tracer
# traces both sides of the `if` from the same heap and joins them (heap
# journal, loop_probe.cpp), so the list after it has a length known only at
# run time and `stack` is an explained break. Once, the second side saw the
# first side's `pop`, the compiled `stack` took 1 item, and the segment
# before the `if` handed back a list missing the item the `pop` removed.

def pick(x, flag):
    outs = [x, x * 2]
    if flag > 0:
        outs.pop()
    return stack(outs).sum(0)

def tag(x, flag):
    out = {"x": x}
    if flag > 0:
        out["y"] = x * 3
    else:
        out["y"] = x * 4
    return out["x"] + out["y"]

print(pick(ones(3), len(argv()) + 1))
print(pick(ones(3), len(argv())))
print(tag(ones(2), len(argv()) + 1), tag(ones(2), len(argv())))
