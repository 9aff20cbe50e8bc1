# Loops with a trip count known at compile time run rolled when their
# iterations look alike (issue 12): the body is traced once, and its kernels
# run on every iteration. A loop whose iterations differ (a growing shape, a
# decision on the loop variable) is unrolled instead; short loops unroll.
# e2e-kernels: 8
def fit(w, x, y, steps):
    for i in range(steps):
        g = x.T @ (x @ w - y)
        w = w - 0.01 * g
    return w

# a sampler: the time `t` is a Python float that changes every step (a
# kernel input once the probe sees it change)
def sample(x, steps):
    t = 1.0
    dt = 1.0 / steps
    for i in range(steps):
        eps = tanh(x * t)
        x = x - dt * eps + x * t * 0.001
        t = t - dt
    return x, t

# iterations differ: the shape grows, so the loop unrolls
def grow(x):
    for i in range(20):
        if x.shape[0] < 64:
            x = cat([x, x * 0.5], 0)
    return x.sum()

# the loop variable decides Python control flow: unrolled
def every_fifth(x):
    acc = x * 0.0
    for i in range(40):
        if i % 5 == 0:
            acc = acc + x * i
        else:
            acc = acc - 0.1
    return acc

def nested(x):
    for i in range(20):
        for j in range(30):
            x = x * 0.99 + 0.01
        x = relu(x - 0.1)
    return x

# a graph break inside the body: reported once, counted per iteration
# (x24), and Python arithmetic on the loop variable (`0.001 * i`, which no
# kernel can read) makes the loop unroll
def noisy(x):
    for i in range(24):
        x = x * 1.01
        graph_break()
        x = x + 0.5
    return x

def ramp(x):
    for i in range(30):
        x = x * 0.9 + 0.001 * i
    return x

# over a list of tensors of one type
def total(xs):
    s = zeros(4)
    for x in xs:
        s = s + x * x
    return s

print(fit(zeros(3, 1), ones(4, 3) * 0.5, ones(4, 1), 200))
print(sample(ones(2, 3), 50))
print(grow(ones(1)))
print(every_fifth(ones(3)))
print(nested(ones(2) * 3.0))
print(noisy(ones(2)))
print(ramp(ones(2)))
print(total([ones(4) * k for k in range(20)]))
