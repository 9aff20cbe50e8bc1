# RUN: tcc explain %s
# Functions of the standard library module `nn` are traced through like user
# functions: a transformer-style block is one graph.
import nn
from nn import softmax

def block(x, w1, b1, w2, b2):
    h = nn.mlp(x, w1, b1, w2, b2, activation="gelu")
    h = nn.layer_norm(h + x)
    a = nn.attention(h[None], h[None], h[None], causal=True)
    return softmax(a[0])

x = ones(4, 8)
print(block(x, ones(16, 8), zeros(16), ones(8, 16), zeros(8)))

# CHECK-STDOUT: tcc explain explain_stdlib.ts
# CHECK-STDOUT:
# CHECK-STDOUT: block(x: float32[4, 8], w1: float32[16, 8], b1: float32[16], w2: float32[8, 16], b2: float32[8])   entered at explain_stdlib.ts:14:7
# CHECK-STDOUT:   graph 1  41 ops  transpose, matmul, add, gelu, transpose, matmul, add x2, mean, sub, mul, mean, add, rsqrt, mul, unsqueeze x3, transpose, matmul, mul, arange, unsqueeze, arange, unsqueeze, ge, where, ... (14 more)  (lines nn.ts:14, nn.ts:16, nn.ts:50, 9, nn.ts:31, nn.ts:32, nn.ts:33, nn.ts:34, 10, nn.ts:68, nn.ts:72, nn.ts:73, nn.ts:23, nn.ts:76, 11)
# CHECK-STDOUT:            fused into 8 loop nests: [matmul] transpose, matmul; [elementwise] add, gelu (in place over the matmul); [matmul] transpose, matmul; [elementwise] add, add, mean, sub, mul, mean, add, rsqrt, mul (per row: mean, mean); [matmul] unsqueeze, transpose, matmul; [elementwise] mul, arange, unsqueeze, unsqueeze, ge, where, max, sub, exp, sum, div, mul (per row: max, sum; exp kept in the row); [matmul] unsqueeze, matmul; [elementwise] select, max, sub, exp, sum, div, mul (per row: max, sum; exp kept in the row)
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 0 errors
