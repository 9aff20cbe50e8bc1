# math: Python's math module on Python numbers (CPython 3.11's results and
# errors: math.sqrt(-1) is a ValueError "math domain error"). Each function is
# the internal builtin `__math_<name>` (lang/semantics/pymath.def lists them); inside
# compiled functions a call with arguments known at compile time is folded.
# A one-element tensor argument converts to its number, as in Python.

pi = 3.141592653589793
e = 2.718281828459045
tau = 6.283185307179586
inf = float("inf")
nan = float("nan")

sqrt = __math_sqrt
exp = __math_exp
exp2 = __math_exp2
expm1 = __math_expm1
log = __math_log
log2 = __math_log2
log10 = __math_log10
log1p = __math_log1p
sin = __math_sin
cos = __math_cos
tan = __math_tan
asin = __math_asin
acos = __math_acos
atan = __math_atan
atan2 = __math_atan2
sinh = __math_sinh
cosh = __math_cosh
tanh = __math_tanh
asinh = __math_asinh
acosh = __math_acosh
atanh = __math_atanh
erf = __math_erf
erfc = __math_erfc
cbrt = __math_cbrt
fabs = __math_fabs
floor = __math_floor
ceil = __math_ceil
trunc = __math_trunc
pow = __math_pow
hypot = __math_hypot
copysign = __math_copysign
fmod = __math_fmod
degrees = __math_degrees
radians = __math_radians
isnan = __math_isnan
isinf = __math_isinf
isfinite = __math_isfinite
isclose = __math_isclose
gcd = __math_gcd
lcm = __math_lcm
factorial = __math_factorial
comb = __math_comb
perm = __math_perm
fsum = __math_fsum
prod = __math_prod
