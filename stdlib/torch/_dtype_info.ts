# torch.finfo and torch.iinfo: the numerical limits of a dtype, torch 1.13's
# values and printed form. TensorScript's dtypes are float32, float64, int64
# and int32 (float16, bfloat16, int8, int16 and uint8 do not exist here).
# Inside compiled functions the dtype is known, so `torch.finfo(x.dtype).eps`
# is a constant of the graph.


_BOOL = zeros(0, dtype=bool).dtype


def _g(v):  # torch prints the limits as C++ streams do (6 significant digits)
    return format(float(v), "g")


class finfo:
    def __init__(self, type=None):
        if type is None:
            type = float32  # torch's default dtype
        if type == float32:
            self.bits, self.eps, self.max = 32, 1.1920928955078125e-07, 3.4028234663852886e+38
            self.tiny, self.resolution = 1.1754943508222875e-38, 1e-06
        elif type == float64:
            self.bits, self.eps, self.max = 64, 2.220446049250313e-16, 1.7976931348623157e+308
            self.tiny, self.resolution = 2.2250738585072014e-308, 1e-15
        else:
            raise TypeError(f"torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'")
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = str(type).replace("torch.", "")

    def __eq__(self, other):
        return isinstance(other, finfo) and self.dtype == other.dtype

    def __repr__(self):
        return (f"finfo(resolution={_g(self.resolution)}, min={_g(self.min)}, max={_g(self.max)}, "
                f"eps={_g(self.eps)}, smallest_normal={_g(self.smallest_normal)}, tiny={_g(self.tiny)}, "
                f"dtype={self.dtype})")


class iinfo:
    def __init__(self, type):
        if type == int64:
            self.bits, self.min, self.max = 64, -9223372036854775807 - 1, 9223372036854775807
        elif type == int32:
            self.bits, self.min, self.max = 32, -2147483648, 2147483647
        elif type == _BOOL:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        else:
            raise TypeError(f"torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        self.dtype = str(type).replace("torch.", "")

    def __eq__(self, other):
        return isinstance(other, iinfo) and self.dtype == other.dtype

    def __repr__(self):
        return f"iinfo(min={_g(self.min)}, max={_g(self.max)}, dtype={self.dtype})"
