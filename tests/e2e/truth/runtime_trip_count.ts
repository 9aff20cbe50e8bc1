# A loop whose trip count is only known at run time (from argv()): the loop
# body is still compiled.
def step(h, w):
    return tanh(h @ w)

@fullgraph
def rnn(h, w, n):
    for i in range(n):
        h = step(h, w)
    return h

n = 3 + len(argv())
w = eye(3) * 0.5
print(rnn(ones(1, 3), w, n))
