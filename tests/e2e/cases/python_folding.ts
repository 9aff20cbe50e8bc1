# Pure Python builtins and str/list methods whose arguments are known at
# compile time are folded by running the interpreter's own implementation
# (compiler/trace/fold_interp.cpp), so a function that uses them is one
# graph. What they return keeps Python's identity: a list handed back
# (max of two lists) is that list, and a list made from a list of lists
# shares the inner lists.
# e2e-kernels: 2
import torch


def scale(x, name: str, sizes: list):
    words = name.upper().replace("-", " ").split()
    width = len(words) + max(sizes) + sum(sizes) // len(sizes)
    factor = round(float(int("12") + abs(-3)) / 7, 3) + min(2.5, width)
    tag = "{}x{}".format(*divmod(width, 4))
    return x * factor + len(tag) + ord(words[0][0]) % 7


def pick(x):
    ranked = sorted(zip([3, 1, 2], ["c", "a", "b"]), reverse=True)
    order = [i for i, _ in ranked]
    return x[order[0] - 1] + ranked[-1][0] + len("-".join(s for _, s in ranked).split("-"))


x = torch.arange(6.0).reshape(3, 2)
print(scale(x, "layer-norm-eps", [4, 8, 16]))
print(pick(x))

a = [[1], [2]]
b = list(a)
longer = max([1, 2], [1, 2, 3])
a[0].append(5)
print(b, longer is max([1, 2], longer), sorted("tcc"), "a,b".split(","), str(2.5), repr("q"))
