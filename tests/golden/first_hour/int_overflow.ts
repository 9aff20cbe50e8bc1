# RUN: tcc run --eager %s
# RUN: tcc build %s -o /tmp/tcc_golden_int_overflow.bin
# RUN: /tmp/tcc_golden_int_overflow.bin
# Python ints never wrap: past 64 bits an operation raises OverflowError
# (interpreter and constant folding alike), which `except` catches.
big = 9223372036854775807
print(2 ** 62, 1 << 62, -big - 1, int(3.9e18), big * 1)
for name, f in [("2 ** 100", lambda: 2 ** 100), ("big + 1", lambda: big + 1), ("1 << 63", lambda: 1 << 63),
                ("-(-big - 1)", lambda: -(-big - 1)), ("(-big - 1) // -1", lambda: (-big - 1) // -1),
                ("int(1e20)", lambda: int(1e20)), ("int('99999999999999999999')", lambda: int('99999999999999999999')),
                ("abs(-big - 1)", lambda: abs(-big - 1))]:
    try:
        print(name, "=", f())
    except OverflowError as e:
        print(name, "->", type(e).__name__, e)
try:
    print(int(float("inf")))
except OverflowError as e:
    print("inf ->", e)
try:
    n = 3
    print(n * big)
except ArithmeticError as e:
    print("ArithmeticError catches it:", e)

# CHECK-STDOUT: 4611686018427387904 4611686018427387904 -9223372036854775808 3900000000000000000 9223372036854775807
# CHECK-STDOUT: 2 ** 100 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: big + 1 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: 1 << 63 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: -(-big - 1) -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: (-big - 1) // -1 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: int(1e20) -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: int('99999999999999999999') -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: abs(-big - 1) -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: inf -> cannot convert float infinity to integer
# CHECK-STDOUT: ArithmeticError catches it: int too large for TensorScript's 64-bit int
# CHECK-STDOUT: 4611686018427387904 4611686018427387904 -9223372036854775808 3900000000000000000 9223372036854775807
# CHECK-STDOUT: 2 ** 100 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: big + 1 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: 1 << 63 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: -(-big - 1) -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: (-big - 1) // -1 -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: int(1e20) -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: int('99999999999999999999') -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: abs(-big - 1) -> OverflowError int too large for TensorScript's 64-bit int
# CHECK-STDOUT: inf -> cannot convert float infinity to integer
# CHECK-STDOUT: ArithmeticError catches it: int too large for TensorScript's 64-bit int
# CHECK-STDERR: int_overflow.ts:8:40: warning: raises OverflowError at run time: int too large for TensorScript's 64-bit int [TS5009 type_error]
# CHECK-STDERR:  8 | for name, f in [("2 ** 100", lambda: 2 ** 100), ("big + 1", lambda: big + 1), ("1 << 63", lambda: 1 << 63),
# CHECK-STDERR:    |                                        ^~~~~~
# CHECK-STDERR: int_overflow.ts:13:26: note: in `<module>`, calling `<lambda>`
# CHECK-STDERR:  13 |         print(name, "=", f())
# CHECK-STDERR:     |                          ^
# CHECK-STDERR: int_overflow.ts:8:73: warning: raises OverflowError at run time: int too large for TensorScript's 64-bit int [TS5009 type_error]
# CHECK-STDERR:  8 | for name, f in [("2 ** 100", lambda: 2 ** 100), ("big + 1", lambda: big + 1), ("1 << 63", lambda: 1 << 63),
# CHECK-STDERR:    |                                                                         ^~~
# CHECK-STDERR: int_overflow.ts:13:26: note: in `<module>`, calling `<lambda>`
# CHECK-STDERR:  13 |         print(name, "=", f())
# CHECK-STDERR:     |                          ^
# CHECK-STDERR: int_overflow.ts:8:101: warning: raises OverflowError at run time: int too large for TensorScript's 64-bit int [TS5009 type_error]
# CHECK-STDERR:  8 | for name, f in [("2 ** 100", lambda: 2 ** 100), ("big + 1", lambda: big + 1), ("1 << 63", lambda: 1 << 63),
# CHECK-STDERR:    |                                                                                                     ^~~~~
# CHECK-STDERR: int_overflow.ts:13:26: note: in `<module>`, calling `<lambda>`
# CHECK-STDERR:  13 |         print(name, "=", f())
# CHECK-STDERR:     |                          ^
# CHECK-STDERR: int_overflow.ts:9:95: warning: raises OverflowError at run time: int too large for TensorScript's 64-bit int [TS5009 type_error]
# CHECK-STDERR:  9 |                 ("-(-big - 1)", lambda: -(-big - 1)), ("(-big - 1) // -1", lambda: (-big - 1) // -1),
# CHECK-STDERR:    |                                                                                               ^~~~~
# CHECK-STDERR: int_overflow.ts:13:26: note: in `<module>`, calling `<lambda>`
# CHECK-STDERR:  13 |         print(name, "=", f())
# CHECK-STDERR:     |                          ^
# CHECK-STDERR: int_overflow.ts:22:13: warning: raises OverflowError at run time: int too large for TensorScript's 64-bit int [TS5009 type_error]
# CHECK-STDERR:  22 |     print(n * big)
# CHECK-STDERR:     |             ^~~~~
# CHECK-STDERR: tcc: built /tmp/tcc_golden_int_overflow.bin: 0 graphs, 0 kernels; 0 graph breaks accepted
