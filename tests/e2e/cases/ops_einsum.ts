# einsum in graphs: each common model form becomes a matmul (or a diagonal / sum),
# planned at compile time by lang/semantics/einsum.h; the list form and torch's implicit output.
# e2e-kernels: 2
@fullgraph
def contractions(a, b, q, k, m, v, w):
    r1 = einsum("bij,bjk->bik", a, b)
    r2 = einsum("bhqd,bhkd->bhqk", q, k)
    r3 = einsum("ij,j->i", m, v)
    r4 = einsum("i,j->ij", v, w)
    r5 = einsum("bi,bi->b", m, m)
    r6 = einsum("...ij,...jk->...ik", a, b)
    r7 = einsum("ij,jk", m, m.t())
    r8 = einsum("bij,bjk->bik", [a, b])
    r9 = einsum("b i j, b j k -> b k i", a, b)
    r10 = einsum("...ij,jk->...ik", q, k[0, 0].t())
    r11 = einsum("ij,jk,kl->il", m, m.t(), m)
    return r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11

@fullgraph
def reductions(s, m):
    return einsum("ii->i", s), einsum("ii", s), einsum("ij->ji", m), einsum("ij->", m), einsum("ij->j", m), einsum("ba", m), einsum("iij->ij", s.unsqueeze(2).expand(3, 3, 2)), einsum("...i->...", m)

a = arange(24).reshape(2, 3, 4).float() * 0.25
b = arange(40).reshape(2, 4, 5).float().sin()
q = arange(48).reshape(1, 2, 4, 6).float().cos()
k = arange(36).reshape(1, 2, 3, 6).float() * 0.1
m = arange(12).reshape(3, 4).float() - 5.0
v = tensor([1.0, -2.0, 0.5, 3.0])
w = tensor([2.0, 1.0, -1.0])
for t in contractions(a, b, q, k, m, v, w):
    print(t)
s = arange(9).reshape(3, 3).float()
for t in reductions(s, m):
    print(t)
print(einsum("ij,ij->i", arange(6).reshape(2, 3), arange(6).reshape(2, 3)))
