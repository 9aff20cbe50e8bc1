# torch.optim's optimizers and lr_scheduler's schedulers against PyTorch 1.13's
# trajectories: each optimizer minimises the same small least-squares problem
# from the same start (SGD with momentum, dampening, nesterov, weight decay and
# maximize; Adam with amsgrad; AdamW; RMSprop centered with momentum; Adagrad
# with lr_decay), parameter groups with their own options, zero_grad, and
# state_dict / load_state_dict; then every scheduler's learning rates. The
# numbers are PyTorch's: PyTorch runs this same text (tests/e2e/torch/same_text.py).
import torch
import torch.nn.functional as F

torch.manual_seed(11)
A = torch.randn(12, 5)
b = torch.randn(12)
start = torch.randn(5)


def run(make, steps=15):
    w = start.clone().requires_grad_()
    bias = torch.zeros(1, requires_grad=True)
    opt = make([w, bias])
    for _ in range(steps):
        opt.zero_grad()
        loss = F.mse_loss(A @ w + bias, b)
        loss.backward()
        opt.step()
    return loss.item(), w.detach()


optimizers = [
    ("sgd", lambda p: torch.optim.SGD(p, lr=0.05)),
    ("sgd_momentum", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, dampening=0.1, weight_decay=0.01)),
    ("sgd_nesterov", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.8, nesterov=True)),
    ("sgd_maximize", lambda p: torch.optim.SGD(p, lr=0.01, maximize=True)),
    ("adam", lambda p: torch.optim.Adam(p, lr=0.1)),
    ("adam_amsgrad_wd", lambda p: torch.optim.Adam(p, lr=0.1, betas=(0.8, 0.99), weight_decay=0.05, amsgrad=True)),
    ("adamw", lambda p: torch.optim.AdamW(p, lr=0.1, weight_decay=0.1)),
    ("rmsprop", lambda p: torch.optim.RMSprop(p, lr=0.01)),
    ("rmsprop_centered", lambda p: torch.optim.RMSprop(p, lr=0.01, momentum=0.5, centered=True, weight_decay=0.01)),
    ("adagrad", lambda p: torch.optim.Adagrad(p, lr=0.3, lr_decay=0.01, initial_accumulator_value=0.1)),
    ("groups", lambda p: torch.optim.SGD([{"params": [p[0]]}, {"params": [p[1]], "lr": 0.2, "momentum": 0.5}], lr=0.05)),
]
for name, make in optimizers:
    loss, w = run(make)
    print(name, f"{loss:.6f}", w)

w = start.clone().requires_grad_()
opt = torch.optim.Adam([w], lr=0.05)
for _ in range(3):
    opt.zero_grad()
    F.mse_loss(A @ w, b).backward()
    opt.step()
sd = opt.state_dict()
print(sorted(sd["state"][0].keys()), sd["state"][0]["step"], sd["param_groups"][0]["lr"], sd["param_groups"][0]["params"])
w2 = w.detach().clone().requires_grad_()
opt2 = torch.optim.Adam([w2], lr=0.05)
opt2.load_state_dict(sd)
for o, p in ((opt, w), (opt2, w2)):
    o.zero_grad()
    F.mse_loss(A @ p, b).backward()
    o.step()
print(torch.equal(w, w2), w2)


def lrs(make_sched, steps=12, lr=0.1, betas=False):
    p = torch.zeros(1, requires_grad=True)
    opt = torch.optim.Adam([p], lr=lr) if betas else torch.optim.SGD([p], lr=lr, momentum=0.9)
    sched = make_sched(opt)
    out = []
    for _ in range(steps):
        opt.step()
        sched.step()
        out.append(round(sched.get_last_lr()[0], 8))
    return out


S = torch.optim.lr_scheduler
print("step", lrs(lambda o: S.StepLR(o, step_size=3, gamma=0.5)))
print("multistep", lrs(lambda o: S.MultiStepLR(o, milestones=[2, 5, 5, 9], gamma=0.5)))
print("exponential", lrs(lambda o: S.ExponentialLR(o, gamma=0.9)))
print("cosine", lrs(lambda o: S.CosineAnnealingLR(o, T_max=5, eta_min=0.01)))
print("lambda", lrs(lambda o: S.LambdaLR(o, lambda e: 1.0 / (1 + e))))
print("linear", lrs(lambda o: S.LinearLR(o, start_factor=0.25, total_iters=4)))
print("onecycle", lrs(lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=13)))
print("onecycle_adam", lrs(lambda o: S.OneCycleLR(o, max_lr=0.5, total_steps=13, anneal_strategy="linear"), betas=True))
print("sequential", lrs(lambda o: S.SequentialLR(o, [S.LinearLR(o, start_factor=0.1, total_iters=3), S.ExponentialLR(o, gamma=0.8)], milestones=[3])))
