# RUN: tcc run --eager %s
# RUN: tcc build %s -o /tmp/tcc_golden_int_exact.bin
# RUN: /tmp/tcc_golden_int_exact.bin
# Python ints are exact: past 64 bits they are big ints, in the interpreter
# and compiled alike (the tracer leaves a statement whose int needs more than
# 64 bits to the interpreter). Where a big int cannot go (an index, a tensor
# element, a float past 1.8e308) it is Python's OverflowError. The output is
# CPython 3.11's for the same text.
import math
import torch

big = 9223372036854775807
print(2 ** 100, big + 1, 1 << 63, -(-big - 1), (-big - 1) // -1, abs(-big - 1), ~(-big - 1))
print(int(1e20), int("99_999_999_999_999_999_999"), 123456789012345678901234567890 % 97, 0x1_0000_0000_0000_0000)
print(math.factorial(30), math.comb(80, 40), round(1e19), math.floor(-2.5e19))
seed = 2 ** 64 + 2 ** 32 + 5
print(seed % 2 ** 32, seed >> 32, seed & 0xFFFF, -seed // 7, -seed % 7, seed / 3, float(seed))
print(f"{seed}|{seed:>24}|{-seed:.3e}", repr([seed, (seed,)]), {seed: 1}[2 ** 64 + 2 ** 32 + 5], seed > 1.8e19)
step = 2 ** 70 // 2 ** 68  # back to a small int: usable as one
print(list(range(10))[step], torch.ones(2) * step)
for name, f in [("[0][2 ** 70]", lambda: [0][2 ** 70]), ("float(10 ** 400)", lambda: float(10 ** 400)),
                ("10 ** 400 + 0.5", lambda: 10 ** 400 + 0.5), ("torch.ones(2) * seed", lambda: torch.ones(2) * seed)]:
    try:
        print(name, "=", f())
    except (OverflowError, RuntimeError, IndexError) as e:
        print(name, "->", type(e).__name__)

# CHECK-STDOUT: 1267650600228229401496703205376 9223372036854775808 9223372036854775808 9223372036854775808 9223372036854775808 9223372036854775808 9223372036854775807
# CHECK-STDOUT: 100000000000000000000 99999999999999999999 52 18446744073709551616
# CHECK-STDOUT: 265252859812191058636308480000000 107507208733336176461620 10000000000000000000 -25000000000000000000
# CHECK-STDOUT: 5 4294967297 5 -2635249154000645560 3 6.148914692668173e+18 1.844674407800452e+19
# CHECK-STDOUT: 18446744078004518917|    18446744078004518917|-1.845e+19 [18446744078004518917, (18446744078004518917,)] 1 True
# CHECK-STDOUT: 4 tensor([4., 4.])
# CHECK-STDOUT: [0][2 ** 70] -> IndexError
# CHECK-STDOUT: float(10 ** 400) -> OverflowError
# CHECK-STDOUT: 10 ** 400 + 0.5 -> OverflowError
# CHECK-STDOUT: torch.ones(2) * seed -> RuntimeError
# CHECK-STDOUT: 1267650600228229401496703205376 9223372036854775808 9223372036854775808 9223372036854775808 9223372036854775808 9223372036854775808 9223372036854775807
# CHECK-STDOUT: 100000000000000000000 99999999999999999999 52 18446744073709551616
# CHECK-STDOUT: 265252859812191058636308480000000 107507208733336176461620 10000000000000000000 -25000000000000000000
# CHECK-STDOUT: 5 4294967297 5 -2635249154000645560 3 6.148914692668173e+18 1.844674407800452e+19
# CHECK-STDOUT: 18446744078004518917|    18446744078004518917|-1.845e+19 [18446744078004518917, (18446744078004518917,)] 1 True
# CHECK-STDOUT: 4 tensor([4., 4.])
# CHECK-STDOUT: [0][2 ** 70] -> IndexError
# CHECK-STDOUT: float(10 ** 400) -> OverflowError
# CHECK-STDOUT: 10 ** 400 + 0.5 -> OverflowError
# CHECK-STDOUT: torch.ones(2) * seed -> RuntimeError
# CHECK-STDERR: tcc: built /tmp/tcc_golden_int_exact.bin: 1 graph, 1 kernel; 0 graph breaks accepted
