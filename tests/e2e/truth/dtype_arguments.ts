# A dtype passed as an argument is a guard of the compiled code, as an int
# or a str is: f(x, torch.int64) after f(x, torch.float64) was compiled no
# longer runs the float64 kernel (it returned float64 for every call), and a
# function returning a dtype (torch.promote_types) hands it back as a
# constant of its specialisation only.
import torch


def f(x, dt):
    return x.to(dt) * 2


def widest(a, b):
    return torch.promote_types(a.dtype, b.dtype)


class Cast:
    def __init__(self, dtype):
        self.dtype = dtype

    def __call__(self, x):
        return x.to(self.dtype) + 1


x = torch.ones(2)
print(f(x, torch.float64).dtype, f(x, torch.int64).dtype)
for dt in [torch.float64, torch.int32, torch.bool, torch.float32]:
    print(f(x, dt))
print(widest(x, x.long()), widest(x.long(), x.int()), widest(x.bool(), x.int()))
for dt in [torch.int64, torch.float64]:
    c = Cast(dt)
    print(c(x))
