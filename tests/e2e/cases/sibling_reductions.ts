# Full reductions over inputs of the same shape share one loop nest
# (passes/fusion_siblings.cpp): stats' sum, max, min, mean and the sum of
# x * y read x and y once; the centred sum needs the mean first and gets a
# nest of its own. Also a 2-d input and a NaN, which max and min propagate.
# e2e-kernels: 2
def stats(x, y):
    m = x.mean()
    return x.sum(), x.max(), x.min(), m, (x * y).sum(), ((x - m) * (x - m)).sum()

def extremes(z):
    return z.amax(), z.amin(), z.sum()

x = sin(arange(100000) * 0.37) + 2.0
y = cos(arange(100000) * 0.11) * 0.5 + 1.0
for v in stats(x, y):
    print(v.item())
z = (sin(arange(60000) * 0.13) * 3.0).reshape(5000, 12)
print([v.item() for v in extremes(z)])
z[4321, 5] = float("nan")
print([v.item() for v in extremes(z)])
