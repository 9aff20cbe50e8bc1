# RUN: tcc run --eager %s
# f-strings and format(): Python's format-spec mini-language; a 0-d tensor
# formats as its number, as torch does (checked against Python and torch).
x = 3.14159
n = 42
name = "tcc"
print(f"pi is {x:.2f}, n={n:5d}|{n:<5}|{n:^7}|{n:+}|{n:08.3f}|{name!r}|{name:>6}|{{literal}}")
print(f"{x}" + f'{n * 2}' + F"{'in' + 'ner'}", f"{1e-5} {1.0} {1e20} {2.5e-3:.1e} {0.125:%} {1234567:,} {255:#x} {5:b}")
t = tensor([1.5, 2.5])
print(f"t={t} sum={t.sum():.3f} first={t[0]}")
def describe(v):
    return f"value {v} doubled {v * 2}"
print(describe(3), describe(t), f"""multi {n}
line""", "plain" f"-{n}-" "tail")
print(format(3.14159, ".3f"), format(7, "03d"), f"{True} {True:>5} {None}")

# CHECK-STDOUT: pi is 3.14, n=   42|42   |  42   |+42|0042.000|'tcc'|   tcc|{literal}
# CHECK-STDOUT: 3.1415984inner 1e-05 1.0 1e+20 2.5e-03 12.500000% 1,234,567 0xff 101
# CHECK-STDOUT: t=tensor([1.5000, 2.5000]) sum=4.000 first=1.5
# CHECK-STDOUT: value 3 doubled 6 value tensor([1.5000, 2.5000]) doubled tensor([3., 5.]) multi 42
# CHECK-STDOUT: line plain-42-tail
# CHECK-STDOUT: 3.142 007 True     1 None
