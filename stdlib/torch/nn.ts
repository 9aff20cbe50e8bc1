# torch.nn: nn.Module and the layers model code is built from, written as
# PyTorch 1.13 writes them: the same constructor arguments, the same
# initialisation (after the same manual_seed, the same weights), forward
# passes through torch.nn.functional (stdlib/nn.ts), and torch's printed form.
#
# How it differs from torch.nn:
#   - nn.Parameter(t) marks t itself as a parameter (a leaf that requires
#     grad) and returns it (torch makes a new tensor sharing t's data); a module's parameters are its
#     attributes holding a marked tensor, its buffers those register_buffer
#     named, and a plain tensor attribute (`self.stride = torch.tensor(...)`)
#     is neither, as in torch. Both are found in the order the attributes
#     were first set, own ones before its submodules', each tensor once
#     (tied weights count once), as torch orders them;
#   - `to(dtype)` replaces the tensors (a tied weight becomes two).
import copy
import math
import torch.nn.functional as functional
import torch.nn.init as init
import torch.nn.utils as utils

F = functional


def Parameter(data=None, requires_grad=True):
    return __parameter(empty(0) if data is None else data, requires_grad)


def _dtype(dtype):
    return float32 if dtype is None else dtype


def _typename(obj):  # torch.typename
    if isinstance(obj, Tensor):
        names = {float32: "Float", float64: "Double", int64: "Long", int32: "Int"}
        return "torch." + names.get(obj.dtype, "Bool") + "Tensor"
    return type(obj).__name__


def _addindent(s, n):
    lines = s.split("\n")
    if len(lines) == 1:
        return s
    return lines[0] + "\n" + "\n".join([" " * n + line for line in lines[1:]])


def _pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


class Module:
    def __init__(self):
        self.training = True
        self._buffers = {}  # name -> persistent

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def register_buffer(self, name, tensor, persistent=True):
        self._buffers[name] = persistent
        setattr(self, name, tensor)

    def register_parameter(self, name, param):
        if param is not None and not __is_parameter(param):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' (torch.nn.Parameter or None required)")
        setattr(self, name, param)

    def add_module(self, name, module):
        setattr(self, name, module)

    def register_module(self, name, module):
        setattr(self, name, module)

    def get_submodule(self, target):
        m = self
        if target == "":
            return m
        for item in target.split("."):
            m = getattr(m, item)
        return m

    def named_children(self):
        return [(k, v) for k, v in vars(self).items() if isinstance(v, Module)]

    def children(self):
        return [m for _, m in self.named_children()]

    def named_modules(self, memo=None, prefix=""):
        out = [(prefix, self)]
        for name, m in self.named_children():
            out.extend(m.named_modules(None, prefix + ("." if prefix else "") + name))
        unique = []
        for name, m in out:
            if not any(m is u for _, u in unique):
                unique.append((name, m))
        return unique

    def modules(self):
        return [m for _, m in self.named_modules()]

    def _own_tensors(self, buffers):  # its buffers, or its parameters (nn.Parameter)
        marks = getattr(self, "_buffers", {})
        return [(k, v) for k, v in vars(self).items()
                if isinstance(v, Tensor) and (k in marks if buffers else k not in marks and __is_parameter(v))]

    def _named_members(self, prefix, recurse, buffers):
        mods = self.named_modules(None, prefix) if recurse else [(prefix, self)]
        out = []
        for mname, m in mods:
            for k, v in m._own_tensors(buffers):
                if not any(v is p for _, p in out):
                    out.append((mname + ("." if mname else "") + k, v))
        return out

    def named_parameters(self, prefix="", recurse=True):
        return self._named_members(prefix, recurse, False)

    def parameters(self, recurse=True):
        return [p for _, p in self.named_parameters("", recurse)]

    def named_buffers(self, prefix="", recurse=True):
        return self._named_members(prefix, recurse, True)

    def buffers(self, recurse=True):
        return [b for _, b in self.named_buffers("", recurse)]

    def state_dict(self, prefix=""):
        out = {}
        marks = getattr(self, "_buffers", {})
        for k, v in self._own_tensors(False):
            out[prefix + k] = v
        for k, v in self._own_tensors(True):
            if marks[k]:
                out[prefix + k] = v
        for name, m in self.named_children():
            out.update(m.state_dict(prefix + name + "."))
        return out

    def load_state_dict(self, state_dict, strict=True):
        own = self.state_dict()
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        if strict and (missing or unexpected):
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}: missing keys {missing}, unexpected keys {unexpected}")
        for k, v in state_dict.items():
            if k in own:
                with no_grad():  # running statistics and initialisation record nothing, as in torch
                    own[k].copy_(v)
        return (missing, unexpected)

    def train(self, mode=True):
        for m in self.modules():
            m.training = mode
        return self

    def eval(self):
        return self.train(False)

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def to(self, *args, **kwargs):
        dtype = kwargs.get("dtype", None)
        devices = [a for a in args if isinstance(a, str)] + ([kwargs["device"]] if "device" in kwargs else [])
        for d in devices:
            if d is not None and d != "cpu" and not d.startswith("cpu:"):
                raise RuntimeError('TensorScript runs on the CPU: the only device is "cpu" (torch.cuda.is_available() is False)')
        for a in args:
            if not isinstance(a, str) and not isinstance(a, Tensor):
                dtype = a
            elif isinstance(a, Tensor):
                dtype = a.dtype
        if dtype is None:
            return self
        for m in self.modules():  # its parameters and buffers; other tensor attributes stay, as in torch
            marks = getattr(m, "_buffers", {})
            for k, v in vars(m).items():
                if isinstance(v, Tensor) and v.is_floating_point() and (k in marks or __is_parameter(v)):
                    setattr(m, k, Parameter(v.to(dtype)) if __is_parameter(v) else v.to(dtype))
        return self

    def float(self):
        return self.to(float32)

    def double(self):
        return self.to(float64)

    def cpu(self):
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    p.grad.zero_()

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad = requires_grad
        return self

    def extra_repr(self):
        return ""

    def _get_name(self):
        return type(self).__name__

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = ["(" + k + "): " + _addindent(repr(m), 2) for k, m in self.named_children()]
        lines = extra_lines + child_lines
        s = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                s += extra_lines[0]
            else:
                s += "\n  " + "\n  ".join(lines) + "\n"
        return s + ")"


# ---- containers

class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], dict):
            for k, m in args[0].items():
                setattr(self, k, m)
        else:
            for i, m in enumerate(args):
                setattr(self, str(i), m)

    def forward(self, input):
        for m in self.children():
            input = m(input)
        return input

    def __getitem__(self, idx):
        mods = self.children()
        if isinstance(idx, int):
            return mods[idx]
        return Sequential(*mods[idx])  # a slice

    def __len__(self):
        return len(self.children())

    def __iter__(self):
        return iter(self.children())

    def append(self, module):
        setattr(self, str(len(self)), module)
        return self


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def _index(self, idx):  # torch's _get_abs_string_index
        n = len(self)
        if not (-n <= idx < n):
            raise IndexError(f"index {idx} is out of range")
        return str(idx % n)

    def _renumber(self, mods):  # the submodules are "0", "1", ... in order
        for k, _ in self.named_children():
            delattr(self, k)
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def __getitem__(self, idx):
        if isinstance(idx, int):
            return getattr(self, self._index(idx))
        return ModuleList(self.children()[idx])  # a slice

    def __setitem__(self, idx, module):
        setattr(self, self._index(idx), module)

    def __delitem__(self, idx):
        mods = self.children()
        if isinstance(idx, int):
            self._index(idx)
        del mods[idx]
        self._renumber(mods)

    def __len__(self):
        return len(self.children())

    def __iter__(self):
        return iter(self.children())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        return ModuleList(self.children() + list(other))

    def insert(self, index, module):
        mods = self.children()
        mods.insert(index, module)
        self._renumber(mods)

    def append(self, module):
        setattr(self, str(len(self)), module)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def extend(self, modules):
        for m in modules:
            self.append(m)
        return self


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            for k, m in modules.items():
                setattr(self, k, m)

    def __getitem__(self, key):
        return getattr(self, key)

    def __setitem__(self, key, module):
        setattr(self, key, module)

    def __len__(self):
        return len(self.children())

    def __iter__(self):
        return iter(self.keys())

    def __contains__(self, key):
        return key in self.keys()

    def keys(self):
        return [k for k, _ in self.named_children()]

    def values(self):
        return self.children()

    def items(self):
        return self.named_children()


# ---- layers with parameters

class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(empty(out_features, in_features, dtype=_dtype(dtype)))
        self.bias = Parameter(empty(out_features, dtype=_dtype(dtype))) if bias else None
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


class Embedding(Module):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, device=None, dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None and padding_idx < 0:
            padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        if _weight is None:
            self.weight = Parameter(empty(num_embeddings, embedding_dim, dtype=_dtype(dtype)))
            self.reset_parameters()
        else:
            self.weight = Parameter(_weight)

    def reset_parameters(self):
        init.normal_(self.weight)
        if self.padding_idx is not None:
            with no_grad():  # running statistics and initialisation record nothing, as in torch
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return F.embedding(input, self.weight, self.padding_idx)

    def extra_repr(self):
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        return s


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(ones(self.normalized_shape, dtype=_dtype(dtype)))
            self.bias = Parameter(zeros(self.normalized_shape, dtype=_dtype(dtype)))
        else:
            self.weight = None
            self.bias = None

    def forward(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"


class RMSNorm(Module):
    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        self.weight = Parameter(ones(self.normalized_shape, dtype=_dtype(dtype))) if elementwise_affine else None

    def forward(self, input):
        return F.rms_norm(input, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self):
        return f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"


class GroupNorm(Module):
    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, device=None, dtype=None):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError("num_channels must be divisible by num_groups")
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        self.weight = Parameter(ones(num_channels, dtype=_dtype(dtype))) if affine else None
        self.bias = Parameter(zeros(num_channels, dtype=_dtype(dtype))) if affine else None

    def forward(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}"


class _ConvNd(Module):
    def __init__(self, n, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode, dtype):
        super().__init__()
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if padding_mode != "zeros":
            raise NotImplementedError(f"padding_mode={padding_mode!r}: only 'zeros' is supported")
        tup = (lambda v: (v,) if isinstance(v, int) else tuple(v)) if n == 1 else _pair
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = tup(kernel_size)
        self.stride = tup(stride)
        self.padding = padding if isinstance(padding, str) else tup(padding)
        self.dilation = tup(dilation)
        self.groups = groups
        self.padding_mode = padding_mode
        self.weight = Parameter(empty(out_channels, in_channels // groups, *self.kernel_size, dtype=_dtype(dtype)))
        self.bias = Parameter(empty(out_channels, dtype=_dtype(dtype))) if bias else None
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        n = len(self.kernel_size)
        s = f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, stride={self.stride}"
        if self.padding != (0,) * n:
            s += f", padding={self.padding}"
        if self.dilation != (1,) * n:
            s += f", dilation={self.dilation}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        return s


class Conv1d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", device=None, dtype=None):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode, dtype)

    def forward(self, input):
        return F.conv1d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class Conv2d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", device=None, dtype=None):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode, dtype)

    def forward(self, input):
        return F.conv2d(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class _ConvTransposeNd(_ConvNd):
    # weight [C_in, C_out / groups, *k], initialised as _ConvNd's (fan_in from its dim 1)
    def __init__(self, n, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups, bias,
                 dilation, padding_mode, dtype):
        Module.__init__(self)
        if in_channels % groups != 0 or out_channels % groups != 0:
            raise ValueError("in_channels and out_channels must be divisible by groups")
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        tup = (lambda v: (v,) if isinstance(v, int) else tuple(v)) if n == 1 else _pair
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = tup(kernel_size)
        self.stride = tup(stride)
        self.padding = tup(padding)
        self.dilation = tup(dilation)
        self.output_padding = tup(output_padding)
        self.groups = groups
        self.padding_mode = padding_mode
        self.weight = Parameter(empty(in_channels, out_channels // groups, *self.kernel_size, dtype=_dtype(dtype)))
        self.bias = Parameter(empty(out_channels, dtype=_dtype(dtype))) if bias else None
        self.reset_parameters()

    def extra_repr(self):
        s = _ConvNd.extra_repr(self)
        if self.output_padding != (0,) * len(self.kernel_size):
            s += f", output_padding={self.output_padding}"
        return s


class ConvTranspose1d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups, bias,
                         dilation, padding_mode, dtype)

    def forward(self, input):
        return F.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding, self.output_padding,
                                  self.groups, self.dilation)


class ConvTranspose2d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups, bias,
                         dilation, padding_mode, dtype)

    def forward(self, input):
        return F.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, self.output_padding,
                                  self.groups, self.dilation)


class Upsample(Module):
    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.size = size
        self.scale_factor = float(scale_factor) if isinstance(scale_factor, (int, float)) else scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self):
        if self.scale_factor is not None:
            return f"scale_factor={self.scale_factor}, mode={self.mode}"
        return f"size={self.size}, mode={self.mode}"


class _BatchNorm(Module):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        self.weight = Parameter(ones(num_features, dtype=_dtype(dtype))) if affine else None
        self.bias = Parameter(zeros(num_features, dtype=_dtype(dtype))) if affine else None
        if track_running_stats:
            self.register_buffer("running_mean", zeros(num_features, dtype=_dtype(dtype)))
            self.register_buffer("running_var", ones(num_features, dtype=_dtype(dtype)))
            self.register_buffer("num_batches_tracked", tensor(0))
        else:
            self.running_mean = None
            self.running_var = None

    def forward(self, input):
        training = self.training or not self.track_running_stats
        if self.training and self.track_running_stats:
            self.num_batches_tracked.add_(1)
        return F.batch_norm(input, self.running_mean if not self.training or self.track_running_stats else None,
                            self.running_var if not self.training or self.track_running_stats else None,
                            self.weight, self.bias, training, self.momentum, self.eps)

    def extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
                f"track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    pass


class BatchNorm2d(_BatchNorm):
    pass


# ---- attention and recurrent layers

class NonDynamicallyQuantizableLinear(Linear):
    pass


class MultiheadAttention(Module):
    # torch 1.13's nn.MultiheadAttention (packed in-projection: kdim and vdim
    # equal to embed_dim; no add_bias_kv / add_zero_attn), computed as
    # F.multi_head_attention_forward computes it.
    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
        super().__init__()
        if add_bias_kv or add_zero_attn:
            raise NotImplementedError("MultiheadAttention: add_bias_kv and add_zero_attn are not supported")
        if (kdim is not None and kdim != embed_dim) or (vdim is not None and vdim != embed_dim):
            raise NotImplementedError("MultiheadAttention: kdim and vdim must equal embed_dim")
        self.embed_dim = embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise ValueError("embed_dim must be divisible by num_heads")
        self.in_proj_weight = Parameter(empty(3 * embed_dim, embed_dim, dtype=_dtype(dtype)))
        self.in_proj_bias = Parameter(empty(3 * embed_dim, dtype=_dtype(dtype))) if bias else None
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, dtype=dtype)
        init.xavier_uniform_(self.in_proj_weight)
        if self.in_proj_bias is not None:
            init.constant_(self.in_proj_bias, 0.0)
            init.constant_(self.out_proj.bias, 0.0)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True):
        batched = query.dim() == 3
        if not batched:
            query = query.unsqueeze(1)
            key = key.unsqueeze(1)
            value = value.unsqueeze(1)
            if key_padding_mask is not None:
                key_padding_mask = key_padding_mask.unsqueeze(0)
        elif self.batch_first:
            query = query.transpose(1, 0)
            key = key.transpose(1, 0)
            value = value.transpose(1, 0)
        tgt_len = query.shape[0]
        bsz = query.shape[1]
        src_len = key.shape[0]
        e = self.embed_dim
        h = self.num_heads
        w_q, w_k, w_v = self.in_proj_weight.chunk(3)
        b_q, b_k, b_v = (None, None, None) if self.in_proj_bias is None else self.in_proj_bias.chunk(3)
        q = F.linear(query, w_q, b_q)
        k = F.linear(key, w_k, b_k)
        v = F.linear(value, w_v, b_v)
        if attn_mask is not None:
            if not attn_mask.is_floating_point():
                attn_mask = zeros(attn_mask.shape, dtype=q.dtype).masked_fill(attn_mask, float("-inf"))
            if attn_mask.dim() == 2:
                attn_mask = attn_mask.unsqueeze(0)
        if key_padding_mask is not None:
            kpm = key_padding_mask.reshape(bsz, 1, 1, src_len).expand(-1, h, -1, -1).reshape(bsz * h, 1, src_len)
            if not kpm.is_floating_point():
                kpm = zeros(kpm.shape, dtype=q.dtype).masked_fill(kpm, float("-inf"))
            attn_mask = kpm if attn_mask is None else attn_mask + kpm
        q = q.reshape(tgt_len, bsz * h, self.head_dim).transpose(0, 1)
        k = k.reshape(src_len, bsz * h, self.head_dim).transpose(0, 1)
        v = v.reshape(src_len, bsz * h, self.head_dim).transpose(0, 1)
        q = q / math.sqrt(self.head_dim)
        attn = q @ k.transpose(-2, -1)
        if attn_mask is not None:
            attn = attn + attn_mask
        attn = F.softmax(attn, dim=-1)
        if self.training and self.dropout > 0.0:
            attn = F.dropout(attn, p=self.dropout)
        out = (attn @ v).transpose(0, 1).reshape(tgt_len * bsz, e)
        out = F.linear(out, self.out_proj.weight, self.out_proj.bias).reshape(tgt_len, bsz, e)
        weights = None
        if need_weights:
            weights = attn.reshape(bsz, h, tgt_len, src_len)
            if average_attn_weights:
                weights = weights.sum(dim=1) / h
            if not batched:
                weights = weights.squeeze(0)
        if not batched:
            out = out.squeeze(1)
        elif self.batch_first:
            out = out.transpose(1, 0)
        return out, weights


class TransformerEncoderLayer(Module):
    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu", layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, device=None, dtype=None):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.linear1 = Linear(d_model, dim_feedforward, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        if activation == "relu":
            activation = F.relu
        elif activation == "gelu":
            activation = F.gelu
        elif isinstance(activation, str):
            raise RuntimeError(f"activation should be relu/gelu, not {activation}")
        self.activation = activation

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        return self.dropout2(self.linear2(self.dropout(self.activation(self.linear1(x)))))

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
            x = self.norm2(x + self._ff_block(x))
        return x


class TransformerEncoder(Module):
    # num_layers deep copies of encoder_layer (the same starting weights), as
    # torch's; padded positions of src_key_padding_mask keep their computed
    # values (torch 1.13's eval fast path, a nested tensor, returns zeros there).
    def __init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True):
        super().__init__()
        self.layers = ModuleList([copy.deepcopy(encoder_layer) for _ in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src, mask=None, src_key_padding_mask=None):
        output = src
        for mod in self.layers:
            output = mod(output, src_mask=mask, src_key_padding_mask=src_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


# One step of an RNN ("RNN_TANH", "RNN_RELU"), LSTM or GRU layer with torch's
# gate order: the new (h, c) (c unchanged but for the LSTM). nn.LSTM, nn.GRU,
# nn.RNN and the cells (torch/nn/modules.ts) all step with it.
def _rnn_cell(mode, x, h, c, w_ih, w_hh, b_ih, b_hh):
    gi = F.linear(x, w_ih, b_ih)
    gh = F.linear(h, w_hh, b_hh)
    if mode == "LSTM":
        i, f, g, o = (gi + gh).chunk(4, 1)
        c = sigmoid(f) * c + sigmoid(i) * tanh(g)
        return sigmoid(o) * tanh(c), c
    if mode == "GRU":
        i_r, i_z, i_n = gi.chunk(3, 1)
        h_r, h_z, h_n = gh.chunk(3, 1)
        r = sigmoid(i_r + h_r)
        z = sigmoid(i_z + h_z)
        n = tanh(i_n + r * h_n)
        return (1 - z) * n + z * h, c
    if mode == "RNN_TANH":
        return tanh(gi + gh), c
    return relu(gi + gh), c


class _RNNBase(Module):
    # nn.RNN / nn.LSTM / nn.GRU: torch's parameter names, order and
    # initialisation (every parameter uniform in +-1/sqrt(hidden_size)), the
    # time loop written out (the tracer unrolls it: its sequence length is
    # known at compile time).
    def __init__(self, mode, gates, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, nonlinearity="tanh", dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.nonlinearity = nonlinearity
        directions = 2 if bidirectional else 1
        for layer in range(num_layers):
            for d in range(directions):
                suffix = f"_l{layer}" + ("_reverse" if d == 1 else "")
                layer_in = input_size if layer == 0 else hidden_size * directions
                setattr(self, "weight_ih" + suffix, Parameter(empty(gates * hidden_size, layer_in, dtype=_dtype(dtype))))
                setattr(self, "weight_hh" + suffix, Parameter(empty(gates * hidden_size, hidden_size, dtype=_dtype(dtype))))
                if bias:
                    setattr(self, "bias_ih" + suffix, Parameter(empty(gates * hidden_size, dtype=_dtype(dtype))))
                    setattr(self, "bias_hh" + suffix, Parameter(empty(gates * hidden_size, dtype=_dtype(dtype))))
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _cell(self, x, h, c, suffix):
        return _rnn_cell(self.mode, x, h, c, getattr(self, "weight_ih" + suffix), getattr(self, "weight_hh" + suffix),
                         getattr(self, "bias_ih" + suffix, None), getattr(self, "bias_hh" + suffix, None))

    def forward(self, input, hx=None):
        batched = input.dim() == 3
        if not batched:
            input = input.unsqueeze(1)
        elif self.batch_first:
            input = input.transpose(0, 1)
        steps = input.shape[0]
        batch = input.shape[1]
        directions = 2 if self.bidirectional else 1
        lstm = self.mode == "LSTM"
        if hx is None:
            h0 = zeros(self.num_layers * directions, batch, self.hidden_size, dtype=input.dtype)
            c0 = h0
        else:
            h0, c0 = hx if lstm else (hx, hx)
            if not batched:
                h0 = h0.unsqueeze(1)
                c0 = c0.unsqueeze(1)
        layer_input = input
        h_n = []
        c_n = []
        for layer in range(self.num_layers):
            outs = []
            for d in range(directions):
                suffix = f"_l{layer}" + ("_reverse" if d == 1 else "")
                h = h0[layer * directions + d]
                c = c0[layer * directions + d]
                seq = [None] * steps
                order = range(steps) if d == 0 else range(steps - 1, -1, -1)
                for t in order:
                    h, c = self._cell(layer_input[t], h, c, suffix)
                    seq[t] = h
                outs.append(stack(seq))
                h_n.append(h)
                c_n.append(c)
            layer_input = outs[0] if directions == 1 else cat(outs, 2)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        output = layer_input
        h_n = stack(h_n)
        c_n = stack(c_n)
        if not batched:
            output = output.squeeze(1)
            h_n = h_n.squeeze(1)
            c_n = c_n.squeeze(1)
        elif self.batch_first:
            output = output.transpose(0, 1)
        if lstm:
            return output, (h_n, c_n)
        return output, h_n

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s


class LSTM(_RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        if proj_size != 0:
            raise NotImplementedError("LSTM(proj_size=...) is not supported")
        super().__init__("LSTM", 4, input_size, hidden_size, num_layers, bias, batch_first, dropout, bidirectional,
                         "tanh", dtype)


class GRU(_RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, device=None, dtype=None):
        super().__init__("GRU", 3, input_size, hidden_size, num_layers, bias, batch_first, dropout, bidirectional,
                         "tanh", dtype)


class RNN(_RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity="tanh", bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, device=None, dtype=None):
        super().__init__("RNN_" + nonlinearity.upper(), 1, input_size, hidden_size, num_layers, bias, batch_first,
                         dropout, bidirectional, nonlinearity, dtype)

    def _get_name(self):
        return "RNN"


# ---- layers without parameters

class Dropout(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return F.dropout(input, self.p, self.training)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class GELU(Module):
    def __init__(self, approximate="none"):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f"approximate={self.approximate!r}"


class Tanh(Module):
    def forward(self, input):
        return tanh(input)


class Sigmoid(Module):
    def forward(self, input):
        return sigmoid(input)


class SiLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.silu(input)


class Mish(Module):
    def forward(self, input):
        return F.mish(input)


class LeakyReLU(Module):
    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope)

    def extra_repr(self):
        return f"negative_slope={self.negative_slope}"


class ELU(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.elu(input, self.alpha)

    def extra_repr(self):
        return f"alpha={self.alpha}"


class Softplus(Module):
    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f"beta={self.beta}, threshold={self.threshold}"


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, -1 if self.dim is None else self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class LogSoftmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.log_softmax(input, -1 if self.dim is None else self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class _MaxPoolNd(Module):
    # MaxPool2d here, MaxPool1d (torch/nn/modules.ts): _dims spatial dims
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        if return_indices:
            raise NotImplementedError(f"{type(self).__name__}(return_indices=True) is not supported")
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input):
        pool = F.max_pool2d if self._dims == 2 else F.max_pool1d
        return pool(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode)

    def extra_repr(self):
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, ceil_mode={self.ceil_mode}")


class MaxPool2d(_MaxPoolNd):
    _dims = 2


class _AvgPoolNd(Module):
    # AvgPool2d here, AvgPool1d (torch/nn/modules.ts): _dims spatial dims
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        pool = F.avg_pool2d if self._dims == 2 else F.avg_pool1d
        return pool(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool2d(_AvgPoolNd):
    _dims = 2


class AdaptiveAvgPool2d(Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


# ---- losses

class _Loss(Module):
    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = reduction


class MSELoss(_Loss):
    def forward(self, input, target):
        return F.mse_loss(input, target, reduction=self.reduction)


class L1Loss(_Loss):
    def forward(self, input, target):
        return F.l1_loss(input, target, reduction=self.reduction)


class BCELoss(_Loss):
    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def forward(self, input, target):
        return F.binary_cross_entropy(input, target, self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    def __init__(self, weight=None, reduction="mean", pos_weight=None):
        super().__init__(reduction)
        self.weight = weight
        self.pos_weight = pos_weight

    def forward(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight, reduction=self.reduction,
                                                  pos_weight=self.pos_weight)


class NLLLoss(_Loss):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return F.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class CrossEntropyLoss(_Loss):
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        self.weight = weight
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction, self.label_smoothing)


# More layers (cells, activations, pads, pools, losses): torch/nn/modules.ts.
from torch.nn.modules import (
    RNNCellBase, RNNCell, LSTMCell, GRUCell, ReLU6, Hardtanh, Hardswish, Hardsigmoid, LogSigmoid, GLU, Softmin,
    SELU, CELU, Softsign, Tanhshrink, Threshold, Softshrink, Hardshrink, PReLU, Unflatten, MaxPool1d, AvgPool1d,
    AdaptiveAvgPool1d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, PixelShuffle, PixelUnshuffle, ZeroPad2d, ConstantPad1d,
    ConstantPad2d, ReflectionPad1d, ReflectionPad2d, ReplicationPad1d, ReplicationPad2d, CosineSimilarity,
    PairwiseDistance, Dropout1d, Dropout2d, InstanceNorm1d, InstanceNorm2d, SmoothL1Loss, HuberLoss, KLDivLoss,
    TripletMarginLoss, MarginRankingLoss, CosineEmbeddingLoss, SoftMarginLoss, HingeEmbeddingLoss,
    MultiLabelSoftMarginLoss, PoissonNLLLoss, GaussianNLLLoss,
)
