# Softmax-like nests whose exp is kept in the output row (computed by the
# first row reduction that needs it, loaded by later passes): every row
# element must still be right, for row lengths that are and are not
# multiples of the vector width, symbolic shapes, a value read by two row
# reductions, and cases that must not use the row (a sliced reduction, a
# transposed read, a float64 output), and batched (rank-3) attention.
# e2e-kernels: 6
import nn

def softmax(x):
    return nn.softmax(x, -1)

def two_sums(x):
    e = exp(x - max(x, 1, keepdim=True).values)
    s = sum(e, 1, keepdim=True)
    w = sum(e * x, 1, keepdim=True)
    return e * x / s - w / s

def partial(x):
    e = exp(x)
    return e / sum(e[:, :3], 1, keepdim=True)

def transposed(x):
    e = exp(x)
    return e / sum(e, 1, keepdim=True) + e.T

def wide(x):
    e = exp(x - max(x, 1, keepdim=True).values)
    return e.double() / sum(e, 1, keepdim=True)

def entropy(x):
    p = nn.softmax(x, 1)
    return -sum(p * log(p), 1)

manual_seed(7)
for n in [1, 5, 16, 17, 33, 64, 100]:
    x = randn(3, n) * 4.0
    s = softmax(x)
    print(n, s[0, :4].tolist(), sum(s, 1).tolist())
    print(two_sums(x)[1, :4].tolist())
    print(entropy(x).tolist())
x = randn(6, 6)
print(partial(x)[2].tolist())
print(transposed(x)[4].tolist())
print(wide(x)[5].tolist())
big = randn(300, 257)
print(sum(softmax(big), 1)[:3].tolist(), softmax(big)[299, 250:].tolist())
def attend(q, k, v):
    return nn.attention(q, k, v, causal=True)
q = randn(1, 4, 8)
print(attend(q, q, q)[0, 3].tolist())
q3 = randn(2, 5, 8)
print(attend(q3, q3 * 0.5, q3)[1, 4].tolist(), softmax(q3)[1, 2].tolist())
# sizes known only at run time: symbolic rows and row length
rows = len(argv()) + 6
cols = len(argv()) + 37
xs = randn(rows, cols)
print(sum(softmax(xs), 1).tolist(), softmax(xs)[5, 30:].tolist(), two_sums(xs)[2, :3].tolist())
