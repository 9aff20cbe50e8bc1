# torch.autograd: backward(), grad(), Function and gradcheck, as PyTorch 1.13
# has them. The tape and its engine are the interpreter's
# (runtime/interp/autograd.h: __autograd_run, __autograd_record); the
# derivative of each builtin is stdlib/torch/_derivatives.ts's.
import math
import torch._derivatives


def _tuple(x):
    if x is None:
        return ()
    if isinstance(x, tuple) or isinstance(x, list):
        return tuple(x)
    return (x,)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    ts = _tuple(tensors)
    gs = _tuple(grad_tensors if grad_tensors is not None else grad_variables)
    if len(gs) == 0:
        gs = tuple([None] * len(ts))
    keep = create_graph if retain_graph is None else retain_graph
    if inputs is None:
        __autograd_run(ts, gs, keep, create_graph, None, False)
        return None
    xs = _tuple(inputs)
    got = __autograd_run(ts, gs, keep, create_graph, xs, True)
    for x, g in zip(xs, got):
        if g is not None:
            x.grad = g if x.grad is None else x.grad + g
    return None


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    ts = _tuple(outputs)
    gs = _tuple(grad_outputs)
    if len(gs) == 0:
        gs = tuple([None] * len(ts))
    keep = create_graph if retain_graph is None else retain_graph
    return __autograd_run(ts, gs, keep, create_graph, _tuple(inputs), allow_unused)


# `t.grad_fn`: the node that made t, named as torch names it.
class _Node:
    def __init__(self, name):
        self._name = name

    def name(self):
        return self._name

    def __repr__(self):
        return "<" + self._name + " object>"


class FunctionCtx:
    def __init__(self):
        self.saved_tensors = ()
        self.needs_input_grad = ()
        self._non_differentiable = ()
        self.materialize_grads = True

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_non_differentiable(self, *tensors):
        self._non_differentiable = tensors

    def mark_dirty(self, *tensors):
        pass

    def set_materialize_grads(self, value):
        self.materialize_grads = value


# A custom differentiable operation: static forward(ctx, *args) and
# backward(ctx, *grad_outputs) -> one gradient per forward argument (None
# for a non-tensor); `Cls.apply(*args)` runs forward without recording and
# records one node whose derivative is backward.
class Function:
    @classmethod
    def apply(cls, *args):
        ctx = FunctionCtx()
        ctx.needs_input_grad = tuple([isinstance(a, Tensor) and a.requires_grad for a in args])
        with no_grad():
            out = cls.forward(ctx, *args)
        if not __is_grad_enabled() or not any(ctx.needs_input_grad):
            return out

        def rule(grad, result, *inputs):
            grads = grad if isinstance(grad, tuple) else (grad,)
            got = cls.backward(ctx, *grads)
            got = got if isinstance(got, tuple) else (got,)
            if len(got) != len(inputs):
                raise RuntimeError(f"function {cls.__name__}Backward returned an incorrect number of gradients "
                                   f"(expected {len(inputs)}, got {len(got)})")
            return got

        __autograd_record(cls.__name__ + "Backward", rule, args, out)
        for t in ctx._non_differentiable:
            __detach_(t)
        return out

    @staticmethod
    def forward(ctx, *args):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")


def _diff_inputs(inputs):
    return [i for i in range(len(inputs)) if isinstance(inputs[i], Tensor) and inputs[i].requires_grad]


def _outputs(func, inputs):
    return [o.clone() for o in _tuple(func(*inputs)) if isinstance(o, Tensor) and o.is_floating_point()]


# Jacobians of func at inputs, one [n_out, n_in] matrix per (output, input):
# analytical by the tape (a backward per output element), numerical by
# central differences (torch.autograd.gradcheck's method).
def _analytical(func, inputs, idx):
    outs = _outputs(func, inputs)
    jac = []
    for o in outs:
        rows = [[] for i in idx]
        flat = o.reshape(-1)
        for j in range(flat.shape[0]):
            got = grad(flat[j], [inputs[i] for i in idx], retain_graph=True, allow_unused=True)
            for k in range(len(idx)):
                g = got[k]
                x = inputs[idx[k]]
                rows[k].append(zeros(x.numel(), dtype=x.dtype) if g is None else g.reshape(-1))
        jac.append([stack(r) if len(r) > 0 else zeros(0, inputs[i].numel(), dtype=o.dtype) for r, i in zip(rows, idx)])
    return jac


def _unravel(e, shape):  # flat position -> index tuple (any strides: written in place)
    at = []
    for size in reversed(list(shape)):
        at.append(e % size)
        e = e // size
    return tuple(reversed(at))


def _set_entry(x, at, v):  # the perturbation itself records nothing (func may differentiate: gradgradcheck)
    with no_grad():
        x[at] = v


def _numerical(func, inputs, idx, eps):
    outs = _outputs(func, inputs)
    jac = [[zeros(o.numel(), inputs[i].numel(), dtype=o.dtype) for i in idx] for o in outs]
    for k in range(len(idx)):
        x = inputs[idx[k]]
        for e in range(x.numel()):
            at = _unravel(e, x.shape)
            orig = x[at].item()
            _set_entry(x, at, orig + eps)
            plus = _outputs(func, inputs)
            _set_entry(x, at, orig - eps)
            minus = _outputs(func, inputs)
            _set_entry(x, at, orig)
            with no_grad():
                for m in range(len(outs)):
                    jac[m][k][:, e] = (plus[m] - minus[m]).reshape(-1) / (2 * eps)
    return jac


def gradcheck(func, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False):
    inputs = _tuple(inputs)
    idx = _diff_inputs(inputs)
    if len(idx) == 0:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, but none of the them "
                         "have requires_grad=True.")
    ana = _analytical(func, inputs, idx)
    num = _numerical(func, inputs, idx, eps)
    for m in range(len(ana)):
        for k in range(len(idx)):
            a = ana[m][k]
            n = num[m][k]
            if not allclose(a, n, rtol, atol):
                if not raise_exception:
                    return False
                raise RuntimeError(f"Jacobian mismatch for output {m} with respect to input {idx[k]},\n"
                                   f"numerical:{n}\nanalytical:{a}\n")
    return True


def gradgradcheck(func, inputs, grad_outputs=None, eps=1e-6, atol=1e-5, rtol=1e-3, gen_non_contig_grad_outputs=False,
                  raise_exception=True, nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False,
                  check_batched_grad=False, check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False):
    inputs = _tuple(inputs)
    idx = _diff_inputs(inputs)
    outs = _outputs(func, inputs)
    if grad_outputs is None:
        # as torch.testing.make_tensor(low=-1, high=1): from the program's generator
        grad_outputs = tuple([(rand(o.shape, dtype=o.dtype) * 2 - 1).requires_grad_() for o in outs])
    grad_outputs = _tuple(grad_outputs)
    n_in = len(inputs)

    def first(*args):
        xs = args[:n_in]
        gos = args[n_in:]
        ys = _outputs(func, xs)
        got = grad(ys, [xs[i] for i in idx], gos, create_graph=True, allow_unused=True)
        return tuple([g for g in got if g is not None])

    return gradcheck(first, inputs + grad_outputs, eps, atol, rtol, raise_exception)


# Tensor methods of autograd (registered below).
def _tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    backward(self, gradient, retain_graph, create_graph, inputs=inputs)


def _requires_grad_(self, requires_grad=True):
    self.requires_grad = requires_grad
    return self


def _retain_grad(self):
    __retain_grad(self)


def _detach_(self):
    return __detach_(self)


__autograd_hooks(grad_fn=_Node)
__tensor_methods(backward=_tensor_backward, requires_grad_=_requires_grad_, retain_grad=_retain_grad,
                 detach_=_detach_)
