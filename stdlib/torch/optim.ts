# torch.optim: Optimizer with param_groups and state, and SGD, Adam, AdamW,
# RMSprop and Adagrad with torch 1.13's update formulas (its
# _single_tensor_* functions, in the same order of operations, so the
# numbers are torch's). torch.optim.lr_scheduler is stdlib/torch/optim/lr_scheduler.ts.
import math


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self.state = {}
        self.param_groups = []
        groups = list(params)
        if len(groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for g in groups:
            self.add_param_group(g)

    def add_param_group(self, param_group):
        group = dict(param_group)
        ps = group["params"]
        group["params"] = [ps] if isinstance(ps, Tensor) else list(ps)
        for k, v in self.defaults.items():
            if k not in group:
                group[k] = v
        self.param_groups.append(group)

    def __repr__(self):
        s = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            s += "\nParameter Group " + str(i)
            for key in sorted(group.keys()):
                if key != "params":
                    s += "\n    " + key + ": " + str(group[key])
        return s + "\n)"

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        p.grad.requires_grad_(False)
                        p.grad.zero_()

    def _state(self, p):
        if p not in self.state:
            self.state[p] = {}
        return self.state[p]

    # One step: the closure's loss (recomputed with grad), then update(p,
    # grad, state, group) for each parameter that has a gradient (negated
    # under maximize), as torch's _single_tensor_* functions loop.
    def _run(self, closure, update):
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    update(p, p.grad if not group["maximize"] else -p.grad, self._state(p), group)
        return loss

    def state_dict(self):
        index = {}
        groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            ids = []
            for p in group["params"]:
                if p not in index:
                    index[p] = len(index)
                ids.append(index[p])
            packed["params"] = ids
            groups.append(packed)
        state = {index[p]: dict(s) for p, s in self.state.items() if p in index}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        saved = state_dict["param_groups"]
        if len(saved) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        by_id = {}
        for group, g in zip(self.param_groups, saved):
            if len(group["params"]) != len(g["params"]):
                raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                                 "optimizer's group")
            for p, i in zip(group["params"], g["params"]):
                by_id[i] = p
            for k, v in g.items():
                if k != "params":
                    group[k] = v
        self.state = {}
        for i, s in state_dict["state"].items():
            if i in by_id:
                p = by_id[i]
                self.state[p] = {k: (v.clone().to(p.dtype) if isinstance(v, Tensor) and k != "step" else
                                     (v.clone() if isinstance(v, Tensor) else v)) for k, v in s.items()}


class SGD(Optimizer):
    def __init__(self, params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                                      nesterov=nesterov, maximize=maximize, foreach=foreach,
                                      differentiable=differentiable))

    @no_grad()
    def step(self, closure=None):
        return self._run(closure, _sgd_update)


def _sgd_update(p, d_p, state, group):
    momentum = group["momentum"]
    if group["weight_decay"] != 0:
        d_p = d_p.add(p, alpha=group["weight_decay"])
    if momentum != 0:
        buf = state.get("momentum_buffer")
        if buf is None:
            buf = d_p.clone().detach()
            state["momentum_buffer"] = buf
        else:
            buf.mul_(momentum).add_(d_p, alpha=1 - group["dampening"])
        if group["nesterov"]:
            d_p = d_p.add(buf, alpha=momentum)
        else:
            d_p = buf
    p.add_(d_p, alpha=-group["lr"])


def _adam_update(p, grad, state, group, decoupled):
    beta1, beta2 = group["betas"]
    lr = group["lr"]
    if len(state) == 0:
        state["step"] = tensor(0.0)
        state["exp_avg"] = zeros_like(p)
        state["exp_avg_sq"] = zeros_like(p)
        if group["amsgrad"]:
            state["max_exp_avg_sq"] = zeros_like(p)
    state["step"] += 1
    if decoupled:
        p.mul_(1 - lr * group["weight_decay"])
    elif group["weight_decay"] != 0:
        grad = grad.add(p, alpha=group["weight_decay"])
    exp_avg = state["exp_avg"]
    exp_avg_sq = state["exp_avg_sq"]
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    step = state["step"].item()
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    step_size = lr / bias_correction1
    bias_correction2_sqrt = math.sqrt(bias_correction2)
    if group["amsgrad"]:
        m = state["max_exp_avg_sq"]
        m.copy_(maximum(m, exp_avg_sq))
        denom = (m.sqrt() / bias_correction2_sqrt).add_(group["eps"])
    else:
        denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(group["eps"])
    p.addcdiv_(exp_avg, denom, value=-step_size)


class Adam(Optimizer):
    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize, foreach=foreach, capturable=capturable,
                                      differentiable=differentiable, fused=fused))

    @no_grad()
    def step(self, closure=None):
        return self._run(closure, lambda p, grad, state, group: _adam_update(p, grad, state, group, False))


# Adam with decoupled weight decay (the parameter shrinks by lr * weight_decay
# before the Adam update), torch's default weight_decay 0.01.
class AdamW(Adam):
    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused)

    @no_grad()
    def step(self, closure=None):
        return self._run(closure, lambda p, grad, state, group: _adam_update(p, grad, state, group, True))


class RMSprop(Optimizer):
    def __init__(self, params, lr=0.01, alpha=0.99, eps=1e-08, weight_decay=0, momentum=0, centered=False,
                 foreach=None, maximize=False, differentiable=False):
        super().__init__(params, dict(lr=lr, alpha=alpha, eps=eps, weight_decay=weight_decay, momentum=momentum,
                                      centered=centered, foreach=foreach, maximize=maximize,
                                      differentiable=differentiable))

    @no_grad()
    def step(self, closure=None):
        return self._run(closure, _rmsprop_update)


def _rmsprop_update(p, grad, state, group):
    alpha = group["alpha"]
    if len(state) == 0:
        state["step"] = 0
        state["square_avg"] = zeros_like(p)
        if group["momentum"] > 0:
            state["momentum_buffer"] = zeros_like(p)
        if group["centered"]:
            state["grad_avg"] = zeros_like(p)
    state["step"] += 1
    if group["weight_decay"] != 0:
        grad = grad.add(p, alpha=group["weight_decay"])
    square_avg = state["square_avg"]
    square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
    if group["centered"]:
        grad_avg = state["grad_avg"]
        grad_avg.mul_(alpha).add_(grad, alpha=1 - alpha)
        avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
    else:
        avg = square_avg.sqrt()
    avg = avg.add_(group["eps"])
    if group["momentum"] > 0:
        buf = state["momentum_buffer"]
        buf.mul_(group["momentum"]).addcdiv_(grad, avg)
        p.add_(buf, alpha=-group["lr"])
    else:
        p.addcdiv_(grad, avg, value=-group["lr"])


class Adagrad(Optimizer):
    def __init__(self, params, lr=0.01, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False):
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                                      maximize=maximize, differentiable=differentiable))
        for group in self.param_groups:
            for p in group["params"]:
                state = self._state(p)
                state["step"] = tensor(0.0)
                state["sum"] = full_like(p, group["initial_accumulator_value"])

    @no_grad()
    def step(self, closure=None):
        return self._run(closure, _adagrad_update)


def _adagrad_update(p, grad, state, group):
    state["step"] += 1
    step = state["step"].item()
    if group["weight_decay"] != 0:
        grad = grad.add(p, alpha=group["weight_decay"])
    clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
    state["sum"].addcmul_(grad, grad, value=1)
    std = state["sum"].sqrt().add_(group["eps"])
    p.addcdiv_(grad, std, value=-clr)
