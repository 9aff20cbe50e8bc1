# RUN: tcc run --eager %s
# Numbers, strings, booleans, operators with Python's semantics (expected
# values worked out by hand from Python's rules).
print(7 + 3, 7 - 10, 6 * 7, 7 / 2, 7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 2 ** 10, 2 ** -2)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, 1.5 * 2, 0.1 + 0.2, 1e-5, 2.5e16, 3.0, -0.0)
print(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 4, 256 >> 3, True + True, -True)
print(1 < 2 < 3, 3 > 2 > 2, 1 == 1.0, 1 != 2, "a" < "b", [1, 2] < [1, 3], (1, 2) == (1, 2))
print(None is None, 1 is not None, 2 in [1, 2], "x" not in "abc", 3 in range(5), "ell" in "hello")
print(True and 3, 0 and 1 / 0, None or "d", 4 or 1 / 0, not 0, not [1])
print(1 if [] else 2, "yes" if "s" else "no")
print(bool(0), bool(""), bool([0]), bool(0.0), int(3.9), int(-3.9), int("42"), float(2), float("1.5"))
print(str(12) + "px", "ab" * 3, len("hello"), "a,b,c".split(","), "-".join(["x", "y"]), "Hi".upper(), "Hi".lower())
print(abs(-3), abs(-2.5), min(3, 1, 2), max([4, 9, 2]), min(2.5, 1), round(2.5), round(3.14159, 2), sum([1, 2, 3]))
x = 10
x += 5
x -= 3
x *= 2
x //= 5
x **= 2
x %= 7
print(x)
s = "tensor"
print(s[0], s[-1], s[1:4], s[::2], s[::-1])
print(round(2.675, 2), round(0.125, 2), round(1234.5678, -2), round(5, 1), round(-0.5), round(2.5), round(1e300, 2))

# CHECK-STDOUT: 10 -3 42 3.5 3 -4 1 2 -2 1024 0.25
# CHECK-STDOUT: 3.0 -4.0 1.5 3.0 0.30000000000000004 1e-05 2.5e+16 3.0 -0.0
# CHECK-STDOUT: 1 7 6 -6 16 32 2 -1
# CHECK-STDOUT: True False True True True True True
# CHECK-STDOUT: True True True True True True
# CHECK-STDOUT: 3 0 d 4 True False
# CHECK-STDOUT: 2 yes
# CHECK-STDOUT: False False True False 3 -3 42 2.0 1.5
# CHECK-STDOUT: 12px ababab 5 ['a', 'b', 'c'] x-y HI hi
# CHECK-STDOUT: 3 2.5 1 9 1 2 3.14 6
# CHECK-STDOUT: 2
# CHECK-STDOUT: t r ens tno rosnet
# CHECK-STDOUT: 2.67 0.12 1200.0 5 0 2 1e+300
