# Eager per-operation overhead on small tensors (see eager_overhead.sh).
# Each iteration runs OPS_PER_ITER = 7 tensor operations on 16-element
# float32 tensors; the item() variant adds one `.item()` per iteration.
# argv(): [iterations, "item" | "plain"]
args = argv()
n = int(args[0]) if len(args) > 0 else 10000
with_item = len(args) > 1 and args[1] == "item"
manual_seed(0)
x = randn(16)
y = randn(16)
acc = 0.0
for i in range(n):
    z = x + y
    z = z * 2.0
    z = relu(z)
    z = z - y
    z = exp(z * 0.01)
    s = z.sum()
    if with_item:
        acc += s.item()
print(n, acc > -1.0)
