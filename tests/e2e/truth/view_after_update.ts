# A view taken in compiled code, then its base updated in place by the
# interpreter: the view sees the update, as in torch.
def first_row(x):
    return x[0]

base = zeros(2, 3)
row = first_row(base)
base[0, 1] = 5.0
print(row)
