# RUN: tcc run --eager %s
# graph_break, error_on_graph_break (decorator, context manager, wrapper),
# fullgraph, fullgraph(False), nonstrict_trace (decorator, wrapper) and
# pytree change nothing about results in eager mode.
@error_on_graph_break(True)
def a(x):
    x = x + 1
    with error_on_graph_break(False):
        graph_break()
    return x + 2

@fullgraph
def b(x):
    return x * 2

@fullgraph(True)
def c(x):
    return x - 1

@fullgraph(False)
@error_on_graph_break(False)
def d(x):
    graph_break()
    return x / 2

@nonstrict_trace
def magic():
    graph_break()
    return tensor([42.0])

def plain():
    return tensor([1.0])

class M:
    def forward(self, x):
        return x + 10

m = M()
m.forward = error_on_graph_break(False)(m.forward)
x = tensor([1.0, 2.0])
print(a(x), b(x), c(x), d(x), magic(), nonstrict_trace(plain)(), m.forward(x))
with error_on_graph_break(True):
    print(b(x))
print(graph_break())
# CHECK-STDOUT: tensor([4., 5.]) tensor([2., 4.]) tensor([0., 1.]) tensor([0.5000, 1.0000]) tensor([42.]) tensor([1.]) tensor([11., 12.])
# CHECK-STDOUT: tensor([2., 4.])
# CHECK-STDOUT: None
