# Callees that build a list with `append` and fill a dict with `d[k] = v`
# inside a compiled function: the tensor work stays in the graph.
def heads(x, n):
    outs = []
    for i in range(n):
        outs.append(x * (i + 1))
    return outs

def named(x):
    d = {}
    d["double"] = x * 2
    d["square"] = x * x
    return d

@fullgraph
def block(x):
    hs = heads(x, 3)
    parts = named(hs[0] + hs[2])
    return parts["double"] + parts["square"] + hs[1]

print(block(arange(4).float()))
