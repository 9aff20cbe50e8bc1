# RUN: tcc explain %s
# A small model: attributes of a module-scope object resolve at compile time,
# methods inline, and a break-free forward is one graph.

class MLP:
    w1: Tensor
    b1: Tensor
    w2: Tensor

    def hidden(self, x):
        return relu(x @ self.w1 + self.b1)

    def forward(self, x):
        h = self.hidden(x)
        logits = h @ self.w2
        e = exp(logits - logits.max(dim=-1, keepdim=True).values)
        return e / e.sum(dim=-1, keepdim=True)

model = MLP(ones(4, 8), zeros(8), ones(8, 3))
print(model.forward(ones(2, 4)))

# CHECK-STDOUT: tcc explain explain_model.ts
# CHECK-STDOUT:
# CHECK-STDOUT: MLP.forward(x: float32[2, 4])   entered at explain_model.ts:20:13
# CHECK-STDOUT:   graph 1  9 ops  matmul, add, relu, matmul, max, sub, exp, sum, div  (lines 11, 15, 16, 17)
# CHECK-STDOUT:            fused into 4 loop nests: [matmul] matmul; [elementwise] add, relu (in place over the matmul); [matmul] matmul; [elementwise] max, sub, exp, sum, div (per row: max, sum; exp kept in the row)
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 0 errors
