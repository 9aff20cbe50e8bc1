# torch: PyTorch's top-level names, so a program ported from PyTorch keeps
# its `import torch` and `torch.X` spellings. `torch.X` is the TensorScript
# builtin X (the same object: `torch.zeros is zeros`); `torch.nn` and
# `torch.nn.functional` are stdlib/torch/nn.ts and stdlib/torch/nn/functional.ts.
#
# The block between the markers is generated from the builtin tables by
# `python3 tools/update_docs.py build/tcc` (ctest docs.langref checks it);
# what follows it is written by hand.
import torch.nn
import torch._dynamo
import torch.compiler
import torch.cuda
import torch.linalg as linalg
import torch.special as special
import torch.autograd as autograd
import torch.optim as optim
import torch.optim.lr_scheduler
import math

# BEGIN generated torch names
Tensor = Tensor
abs = abs
absolute = absolute
acos = acos
acosh = acosh
add = add
all = all
allclose = allclose
amax = amax
amin = amin
any = any
arange = arange
arccos = arccos
arcsin = arcsin
arctan = arctan
arctan2 = arctan2
argmax = argmax
argmin = argmin
argsort = argsort
asin = asin
asinh = asinh
atan = atan
atan2 = atan2
atanh = atanh
bitwise_and = bitwise_and
bitwise_not = bitwise_not
bitwise_or = bitwise_or
bitwise_xor = bitwise_xor
bmm = bmm
broadcast_to = broadcast_to
cat = cat
ceil = ceil
chunk = chunk
clamp = clamp
clamp_min = clamp_min
clip = clip
clone = clone
compiler_disable = compiler_disable
concat = concat
concatenate = concatenate
contiguous = contiguous
cos = cos
cosh = cosh
count_nonzero = count_nonzero
cumprod = cumprod
cumsum = cumsum
diag = diag
div = div
divide = divide
dot = dot
einsum = einsum
empty = empty
enable_grad = enable_grad
eq = eq
equal = equal
erf = erf
erfc = erfc
exp = exp
exp2 = exp2
expand = expand
expm1 = expm1
eye = eye
flatten = flatten
flip = flip
floor = floor
floor_divide = floor_divide
full = full
full_like = full_like
gather = gather
ge = ge
gelu = gelu
greater = greater
greater_equal = greater_equal
gt = gt
index_add = index_add
index_reduce = index_reduce
index_select = index_select
inference_mode = inference_mode
isinf = isinf
isnan = isnan
le = le
lerp = lerp
less = less
less_equal = less_equal
linspace = linspace
log = log
log1p = log1p
log2 = log2
logical_and = logical_and
logical_not = logical_not
logical_or = logical_or
logical_xor = logical_xor
logsumexp = logsumexp
lt = lt
manual_seed = manual_seed
masked_fill = masked_fill
matmul = matmul
max = max
maximum = maximum
mean = mean
min = min
minimum = minimum
mm = mm
mul = mul
multinomial = multinomial
multiply = multiply
nan_to_num = nan_to_num
narrow = narrow
ne = ne
neg = neg
negative = negative
no_grad = no_grad
nonzero = nonzero
norm = norm
not_equal = not_equal
numel = numel
ones = ones
ones_like = ones_like
outer = outer
permute = permute
pow = pow
prod = prod
rand = rand
rand_like = rand_like
randint = randint
randn = randn
randn_like = randn_like
randperm = randperm
ravel = ravel
reciprocal = reciprocal
relu = relu
remainder = remainder
repeat_interleave = repeat_interleave
reshape = reshape
roll = roll
rsqrt = rsqrt
scatter = scatter
scatter_add = scatter_add
scatter_reduce = scatter_reduce
set_grad_enabled = set_grad_enabled
sigmoid = sigmoid
sign = sign
sin = sin
sinh = sinh
sort = sort
split = split
sqrt = sqrt
square = square
squeeze = squeeze
stack = stack
std = std
sub = sub
subtract = subtract
sum = sum
swapaxes = swapaxes
swapdims = swapdims
tan = tan
tanh = tanh
tensor = tensor
topk = topk
transpose = transpose
tril = tril
triu = triu
true_divide = true_divide
trunc = trunc
unbind = unbind
unsqueeze = unsqueeze
var = var
view = view
where = where
zeros = zeros
zeros_like = zeros_like
# END generated torch names

# torch functions that TensorScript spells as methods only
def softmax(input, dim, dtype=None):
    return input.softmax(dim, dtype=dtype)

def log_softmax(input, dim, dtype=None):
    return input.log_softmax(dim, dtype=dtype)

def t(input):
    return input.t()

def detach(input):
    return input.detach()

def is_floating_point(input):
    return input.is_floating_point()

def is_tensor(obj):
    return isinstance(obj, Tensor)

def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    return torch.nn.functional.layer_norm(input, normalized_shape, weight, bias, eps)

def clamp_max(input, max):
    return clamp(input, None, max)

def isfinite(input):
    return ~(isnan(input) | isinf(input))

# torch functions written in TensorScript from the builtins
from torch._composite import (
    log10, frac, sgn, sinc, hypot, xlogy, fmod, erfinv, addcmul, addcdiv, isclose,
    addmm, addmv, baddbmm, tensordot, kron, cross, cdist,
    std_mean, var_mean, median, kthvalue,
    take_along_dim, searchsorted, bucketize, diff, rot90, meshgrid, triu_indices, tril_indices,
    empty_like, normal, randint_like, bernoulli, masked_select, masked_scatter, masked_scatter_, bincount, unique, unflatten, diagonal,
    addcmul_, addcdiv_, addmm_, baddbmm_, log10_, frac_, hypot_, xlogy_, bernoulli_, fmod_, erfinv_,
)
from torch._composite import _tensor_unfold, _legacy_tensor, Size
from torch._elementwise import (
    logaddexp, logaddexp2, logit, erfc, copysign, heaviside, deg2rad, rad2deg, float_power, fix, positive,
    asinh, acosh, atanh, signbit, isposinf, isneginf, isreal, lgamma, digamma, i0, frexp,
    logit_, erfc_, copysign_, deg2rad_, rad2deg_, lgamma_, digamma_,
)
from torch._layout import (
    promote_types, movedim, moveaxis, select, atleast_1d, atleast_2d, atleast_3d, hstack, vstack, dstack,
    column_stack, tensor_split, block_diag, cartesian_prod, vander,
)
from torch._reductions import (
    logcumsumexp, cummax, cummin, aminmax, mode, nanmedian, nansum, nanmean, trace, dist, addr, trapezoid, trapz,
    quantile, histc,
)
from torch._dtype_info import finfo, iinfo
arcsinh = asinh
arccosh = acosh
arctanh = atanh


_fullgraph = fullgraph  # the builtin; compile's keyword shadows the name


# torch.is_grad_enabled(): grad mode (no_grad() turns it off; runtime/interp/autograd.h)
def is_grad_enabled():
    return __is_grad_enabled()

# torch.device("cpu") is the str "cpu", as `x.device` is (torch's device
# object prints as the same text); any other device is an error when used.
def device(type, index=None):
    if isinstance(type, str) and index is not None:
        return type + ":" + str(index)
    return type

# torch.load: a checkpoint written by torch.save (its zip format: tensors,
# state_dicts, dicts, lists, tuples, numbers and strings) or a .npy file.
# `tcc build` reads the file's structure (keys, numbers, each tensor's dtype
# and rank) when it compiles; the tensors' data is read when the program runs.
# (the builtin itself, so a module-scope torch.load is no call of a compiled
# function; map_location, pickle_module and weights_only are accepted)
load = __torch_load

# torch.save(obj, f): the same zip format, which PyTorch's torch.load reads
# (tensors, dicts, lists, tuples, numbers, strings and None; each tensor
# saved contiguous with its own storage, so tensors that shared one do not).
save = __torch_save

def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None, options=None, disable=False):
    # tcc compiles the whole program ahead of time: torch.compile changes
    # nothing but `fullgraph=True`, which is tcc's @fullgraph.
    if model is None:
        return lambda fn: compile(fn, fullgraph=fullgraph)
    if fullgraph:
        if hasattr(model, "_buffers"):
            # an nn.Module: its forward becomes @fullgraph, and the module
            # itself is returned (torch returns a wrapper that forwards
            # attributes to it; here `model(x)` is checked the same way)
            model.forward = _fullgraph(model.forward)
            return model
        return _fullgraph(model)
    return model

# the dtypes (lang/semantics/dtypes.def), under torch's other spellings too
float32 = float32
float64 = float64
int64 = int64
int32 = int32
float = float32
double = float64
long = int64
int = int32
bool = zeros(0, dtype=bool).dtype


# torch.Generator: a random number generator of its own, drawn from by the
# builtins that take `generator=` (rand, randn, randint, randperm,
# multinomial, uniform_, normal_): after the same manual_seed, the numbers
# torch's Generator gives. Draws from one run in the interpreter.
class Generator:
    def __init__(self, device="cpu"):
        self._id = __generator_new()
        self.device = device

    def manual_seed(self, seed):
        __generator_manual_seed(self._id, seed)
        return self

    def initial_seed(self):
        return __generator_initial_seed(self._id)


# torch.Tensor(2, 3) and torch.Tensor([1, 2]), torch's legacy constructor
# (_composite.ts's _legacy_tensor: the builtin Tensor, called, calls it), and
# its typed spellings.
def FloatTensor(*args):
    return _legacy_tensor(*args, dtype=float32)

def DoubleTensor(*args):
    return _legacy_tensor(*args, dtype=float64)

def LongTensor(*args):
    return _legacy_tensor(*args, dtype=int64)

def IntTensor(*args):
    return _legacy_tensor(*args, dtype=int32)

def BoolTensor(*args):
    return _legacy_tensor(*args, dtype=bool)

# torch.linalg's functions under their older torch names (and as methods:
# x.inverse(), x.det(), ...); logdet is NaN for a negative determinant.
inverse = linalg.inv
det = linalg.det
# torch.slogdet's named tuple is torch.return_types.slogdet, linalg's linalg_slogdet.
def slogdet(input):
    r = linalg.slogdet(input)
    return __return_types("slogdet", r.sign, r.logabsdet)

def logdet(input):
    r = linalg.slogdet(input)
    return where(r.sign < 0, math.nan, r.logabsdet)

def cholesky(input, upper=False):
    return linalg.cholesky(input, upper=upper)

# X with (L L^T) X = B, L the Cholesky factor (upper: U with U^T U).
def cholesky_solve(input, input2, upper=False):
    L = input2.transpose(-2, -1) if upper else input2
    y = linalg.solve_triangular(L, input, upper=False)
    return linalg.solve_triangular(L.transpose(-2, -1), y, upper=True)

# torch.pi, torch.e, torch.inf, torch.nan: Python floats, math's
pi = math.pi
e = math.e
inf = math.inf
nan = math.nan


# torch's function forms of in-place methods (activations written in place,
# as `torch.relu_(x)` in model code): x.NAME_(), returned.
def relu_(input):
    return input.relu_()

def sigmoid_(input):
    return input.sigmoid_()

def tanh_(input):
    return input.tanh_()

def exp_(input):
    return input.exp_()

def log_(input):
    return input.log_()

def sqrt_(input):
    return input.sqrt_()

def rsqrt_(input):
    return input.rsqrt_()

def abs_(input):
    return input.abs_()

def neg_(input):
    return input.neg_()

def clamp_(input, min=None, max=None):
    return input.clamp_(min, max)

def zero_(input):
    return input.zero_()

def fill_(input, value):
    return input.fill_(value)


def clamp_max_(self, max):
    return self.clamp_(None, max)

# The functions above that torch also has as tensor methods: `x.log10()` is
# log10(x), `x.addcmul_(a, b, value=v)` updates x (both modes: the tracer
# inlines the function with x first, the interpreter calls it).
__tensor_methods(
    log10=log10, frac=frac, sgn=sgn, sinc=sinc, hypot=hypot, xlogy=xlogy, addcmul=addcmul, addcdiv=addcdiv,
    isclose=isclose, addmm=addmm, addmv=addmv, baddbmm=baddbmm, kron=kron, cross=cross, median=median,
    kthvalue=kthvalue, take_along_dim=take_along_dim, diff=diff, rot90=rot90, bernoulli=bernoulli,
    clamp_max=clamp_max, isfinite=isfinite, fmod=fmod, erfinv=erfinv, unfold=_tensor_unfold,
    masked_select=masked_select, masked_scatter=masked_scatter, masked_scatter_=masked_scatter_, bincount=bincount, unique=unique, fmod_=fmod_, erfinv_=erfinv_,
    addcmul_=addcmul_, addcdiv_=addcdiv_, addmm_=addmm_, baddbmm_=baddbmm_, log10_=log10_, frac_=frac_,
    hypot_=hypot_, xlogy_=xlogy_, bernoulli_=bernoulli_, clamp_max_=clamp_max_,
    unflatten=unflatten, diagonal=diagonal, inverse=linalg.inv, det=linalg.det, logdet=logdet,
    slogdet=slogdet, cholesky=cholesky,
    logaddexp=logaddexp, logaddexp2=logaddexp2, logit=logit, erfc=erfc, copysign=copysign, heaviside=heaviside,
    deg2rad=deg2rad, rad2deg=rad2deg, float_power=float_power, fix=fix, positive=positive, asinh=asinh,
    acosh=acosh, atanh=atanh, arcsinh=asinh, arccosh=acosh, arctanh=atanh, signbit=signbit, isposinf=isposinf,
    isneginf=isneginf, isreal=isreal, lgamma=lgamma, digamma=digamma, i0=i0, logit_=logit_, erfc_=erfc_,
    copysign_=copysign_, deg2rad_=deg2rad_, rad2deg_=rad2deg_, lgamma_=lgamma_, digamma_=digamma_,
    movedim=movedim, moveaxis=moveaxis, select=select, tensor_split=tensor_split, logcumsumexp=logcumsumexp,
    cummax=cummax, cummin=cummin, aminmax=aminmax, mode=mode, nanmedian=nanmedian, frexp=frexp, nansum=nansum,
    nanmean=nanmean, trace=trace, dist=dist,
    addr=addr, quantile=quantile, histc=histc,
    __new__=_legacy_tensor,
)
