# In-place updates through views change the tensor they view, as in torch.
# A view taken in compiled code used to be a copy, so `row.add_(1)` after
# `row = x[1]` left `x` unchanged in the compiled program (and changed it
# eagerly). Now such an update runs in the interpreter on a real view: the
# segment before hands `row` back as a view of its input, or of its output
# (`row = y[1]` after `y = x * 2`).

def of_input(x):
    row = x[1]
    row.add_(1.0)
    return x * 1

def of_output(x):
    y = x * 2
    row = y[1]
    row.add_(1.0)
    z = y.T
    z.mul_(3.0)
    return y + 0

def chained(x):
    y = x * 2
    y[1].add_(1.0)
    y.T[0].sub_(5.0)
    return y

def scaled_heads(qkv):
    q = qkv[:, :4]
    q.mul_(0.5)
    return qkv.sum(1)

print(of_input(zeros(3, 2)))
print(of_output(ones(3, 2)))
print(chained(ones(3, 2)))
print(scaled_heads(ones(2, 12)))
