# RUN: tcc run --eager %s
# RUN: tcc run %s
# Issue 11's in-place methods (add_, sub_, mul_, div_, clamp_, zero_, fill_,
# copy_) and conversions, compiled and eagerly: the tensor itself changes,
# every name holding it sees it, and the method returns it. Expected values:
# torch 1.13 (tests/run/inplace_methods_torch.py prints them).
class Param:
    w: Tensor

def step(p, g, lr):
    p.w.sub_(g, alpha=lr)
    return p.w.sum()

def update(x, y):
    x.add_(y).mul_(2.0)
    z = x.clone()
    z.zero_()
    return z + x

def fresh(n):
    t = zeros(n)
    t.fill_(1.5)
    t.clamp_(max=1.0)
    u = t
    u.div_(4.0)
    return t, u

def copy_into(dst, src):
    dst.copy_(src)
    return dst.new_ones(2).type_as(src).to(float64)

p = Param(tensor([1.0, 2.0, 3.0]))
print(step(p, tensor([1.0, 2.0, 4.0]), 0.5), p.w)
a = tensor([1.0, -2.0])
alias = a
print(update(a, tensor([0.5, 0.5])), a, alias)
print(fresh(3))
d = zeros(2, 2)
print(copy_into(d, tensor([1, 2])), d)
i = tensor([1, 2, 3])
i.mul_(3)
i.clamp_(2, 7)
print(i, i.to(tensor(0.5)), i.to("cpu"), i.float().dtype, i.long().dtype)

# CHECK-STDOUT: tensor(2.5000) tensor([0.5000, 1.0000, 1.0000])
# CHECK-STDOUT: tensor([ 3., -3.]) tensor([ 3., -3.]) tensor([ 3., -3.])
# CHECK-STDOUT: (tensor([0.2500, 0.2500, 0.2500]), tensor([0.2500, 0.2500, 0.2500]))
# CHECK-STDOUT: tensor([1., 1.], dtype=torch.float64) tensor([[1., 2.],
# CHECK-STDOUT:         [1., 2.]])
# CHECK-STDOUT: tensor([3, 6, 7]) tensor([3., 6., 7.]) tensor([3, 6, 7]) torch.float32 torch.int64
# CHECK-STDOUT: tensor(2.5000) tensor([0.5000, 1.0000, 1.0000])
# CHECK-STDOUT: tensor([ 3., -3.]) tensor([ 3., -3.]) tensor([ 3., -3.])
# CHECK-STDOUT: (tensor([0.2500, 0.2500, 0.2500]), tensor([0.2500, 0.2500, 0.2500]))
# CHECK-STDOUT: tensor([1., 1.], dtype=torch.float64) tensor([[1., 2.],
# CHECK-STDOUT:         [1., 2.]])
# CHECK-STDOUT: tensor([3, 6, 7]) tensor([3., 6., 7.]) tensor([3, 6, 7]) torch.float32 torch.int64
