# RUN: tcc explain %s
# In-place `op=` on tensors is not a graph break (torch.compile compiles
# input mutation too): updates of fresh tensors are graph ops, updates of
# arguments and attributes are graph ops whose result the runtime copies into
# the tensor after the kernel (a plan writeback). A dtype the tensor cannot
# hold is reported (it fails at run time). Subscript stores run in the
# interpreter (listed as `interp`).

def residual(x, w):
    h = x @ w
    h += x
    h *= 0.5
    return h

def update_arg(x):
    x += 1
    return x.sum()

class Layer:
    def __init__(self, w):
        self.w = w

@fullgraph
def step(layer, g):
    layer.w -= 0.1 * g
    return layer.w * 2

def narrowing(x):
    counts = zeros(3, dtype=int32)
    counts += x
    return counts

def subscript(x):
    x[0] += 1
    return x

x = randn(4, 4)
print(residual(x, randn(4, 4)))
print(update_arg(x))
print(step(Layer(ones(3)), ones(3)))
print(narrowing(ones(3)))
print(subscript(zeros(3)))

# CHECK-STDOUT: tcc explain rule_inplace.ts
# CHECK-STDOUT:
# CHECK-STDOUT: residual(x: float32[4, 4], w: float32[4, 4])   entered at rule_inplace.ts:38:7
# CHECK-STDOUT:   graph 1  3 ops  matmul, add, mul  (lines 10, 11, 12)
# CHECK-STDOUT:            fused into 2 loop nests: [matmul] matmul; [elementwise] add, mul (in place over the matmul)
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: update_arg(x: float32[4, 4])   entered at rule_inplace.ts:39:7
# CHECK-STDOUT:   graph 1  2 ops  add, sum  (lines 16, 17)
# CHECK-STDOUT:            fused into 1 loop nest: [reduction] add, sum
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: step(layer: Layer object, g: float32[3])  [@fullgraph]   entered at rule_inplace.ts:40:7
# CHECK-STDOUT:   graph 1  3 ops  mul, sub, mul  (lines 25, 26)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul, sub, mul
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: narrowing(x: float32[3])   entered at rule_inplace.ts:41:7
# CHECK-STDOUT:   graph 1  1 op  full  (lines 29)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] full
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: subscript(x: float32[3])   entered at rule_inplace.ts:42:7
# CHECK-STDOUT:   no graph: its tensor operations run in the interpreter (the `interp` lines)
# CHECK-STDOUT:   interp   rule_inplace.ts:34:5  assignment into a tensor (`x[...] = v`) (runs in the interpreter, not a break)
# CHECK-STDOUT:   0 graphs, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: rule_inplace.ts:30:5: warning: result type float32 can't be cast to the desired output type int32 (an in-place `+=` keeps the tensor's dtype) [TS5009 type_error]
# CHECK-STDOUT:  30 |     counts += x
# CHECK-STDOUT:     |     ^~~~~~~~~~~
# CHECK-STDOUT:   hint: write `x = x + y` for a new tensor of the promoted type
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_inplace.ts:41:7  in <module>   print(narrowing(ones(3)))
# CHECK-STDOUT:     rule_inplace.ts:30:5  in narrowing   counts += x
# CHECK-STDOUT:
# CHECK-STDOUT: total: 4 graphs, 0 graph breaks at 0 sites, 0 errors, 1 warning
