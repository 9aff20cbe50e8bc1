# torch._dynamo: the graph-break controls under the names PyTorch gives them
# (`torch._dynamo.graph_break()`, `@torch._dynamo.nonstrict_trace`, ...);
# each is the TensorScript builtin of the same name.
graph_break = graph_break
error_on_graph_break = error_on_graph_break
nonstrict_trace = nonstrict_trace
disable = compiler_disable
