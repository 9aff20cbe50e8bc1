# torch.autograd.gradcheck and gradgradcheck (float64, torch's tolerances) on
# the derivative rules of stdlib/torch/_derivatives.ts: elementwise math with
# broadcasting, reductions with dims, views, joins, indexing with repeated
# indices, matmul and einsum, softmax and the losses built on them. Each
# line prints True under PyTorch too (tests/e2e/torch/same_text.py).
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def grads_of(fn, args):
    # the gradients themselves (compared with PyTorch's numbers), of a fixed
    # weighting of the output
    out = fn(*args)
    w = torch.linspace(-1, 1, out.numel(), dtype=out.dtype).reshape(out.shape)
    xs = [x for x in args if isinstance(x, torch.Tensor) and x.requires_grad]
    gs = torch.autograd.grad((out * w).sum(), xs, allow_unused=True)
    return " ".join(["None" if g is None else f"{g.sum().item():.10g},{(g.flatten()[:5] * 10 ** 6).round().tolist()}" for g in gs])


def r(*shape):
    return torch.randn(*shape, dtype=torch.float64, requires_grad=True)


def pos(*shape):
    return (torch.rand(*shape, dtype=torch.float64) + 0.5).requires_grad_()


a, b, c = r(3, 4), r(4), r(3, 1)
p = pos(3, 4)
m1, m2, v = r(2, 3), r(3, 4), r(3)
t01 = torch.rand(3, 4, dtype=torch.float64)
cases = [
    ("add", lambda x, y: x + 2 * y, (a, b)),
    ("sub", lambda x, y: x - y, (a, c)),
    ("mul", lambda x, y: x * y, (a, c)),
    ("div", lambda x, y: x / y, (a, p)),
    ("pow", lambda x: x ** 3, (a,)),
    ("pow_tensor", lambda x, y: x ** y, (p, a)),
    ("rpow", lambda x: 2.0 ** x, (a,)),
    ("exp_log", lambda x: torch.log(x) + torch.exp(x), (p,)),
    ("sqrt_rsqrt", lambda x: x.sqrt() * x.rsqrt() + x.sqrt(), (p,)),
    ("trig", lambda x: torch.sin(x) * torch.cos(x) + torch.tan(x * 0.3), (a,)),
    ("tanh_sigmoid", lambda x: torch.tanh(x) + torch.sigmoid(x), (a,)),
    ("relu_gelu", lambda x: F.relu(x) + F.gelu(x) + F.gelu(x, approximate="tanh"), (a,)),
    ("abs_neg", lambda x: (-x).abs(), (a,)),
    ("erf_log1p", lambda x: torch.erf(x) + torch.log1p(x), (p,)),
    ("maximum", lambda x, y: torch.maximum(x, y), (a, b)),
    ("where", lambda x, y: torch.where(x > 0, x, y), (a, b)),
    ("clamp", lambda x: x.clamp(-0.5, 0.5), (a,)),
    ("sum_dim", lambda x: x.sum(1) + x.sum(), (a,)),
    ("mean_keepdim", lambda x: x.mean(0, keepdim=True) * x, (a,)),
    ("amax", lambda x: x.amax(1), (a,)),
    ("max_dim", lambda x: x.max(1).values, (a,)),
    ("var_std", lambda x: x.var(1) + x.std(), (a,)),
    ("norm", lambda x: x.norm() + x.norm(dim=1).sum(), (a,)),
    ("logsumexp", lambda x: torch.logsumexp(x, 1), (a,)),
    ("softmax", lambda x: torch.softmax(x, 1) * torch.arange(4.0, dtype=torch.float64), (a,)),
    ("log_softmax", lambda x: F.log_softmax(x, -1)[:, 1], (a,)),
    ("cumsum", lambda x: x.cumsum(1), (a,)),
    ("matmul", lambda x, y: x @ y, (m1, m2)),
    ("matvec", lambda x, y: x @ y, (m2.t(), v)),
    ("einsum", lambda x, y: torch.einsum("ij,jk->ik", x, y), (m1, m2)),
    ("views", lambda x: x.t().reshape(2, 6).permute(1, 0).unsqueeze(0).squeeze(0).flatten(), (a,)),
    ("expand", lambda x: x.expand(3, 4) * 1.5, (b,)),
    ("cat_stack", lambda x, y: torch.cat([x, y.unsqueeze(0)], 0).sum(0) + torch.stack([y, y], 1).sum(), (a, b)),
    ("split_chunk", lambda x: x.split(2, 1)[1] * x.chunk(2, 1)[0], (a,)),
    ("unbind", lambda x: x.unbind(0)[2], (a,)),
    ("index_basic", lambda x: x[1:, ::2] * x[0, 1], (a,)),
    ("index_repeated", lambda x: x[torch.tensor([0, 2, 0, 0])], (a,)),
    ("index_mask", lambda x: x[x > 0.1], (a,)),
    ("gather", lambda x: x.gather(1, torch.tensor([[0, 0], [1, 3], [2, 2]])), (a,)),
    ("index_select", lambda x: x.index_select(1, torch.tensor([3, 0, 3])), (a,)),
    ("masked_fill", lambda x: x.masked_fill(x < 0, 0.25), (a,)),
    ("flip_roll", lambda x: x.flip(1).roll(1, 0), (a,)),
    ("tril", lambda x: x.tril(), (a,)),
    ("linear", lambda x, w, bb: F.linear(x, w, bb), (r(5, 4), r(3, 4), r(3))),
    ("cross_entropy", lambda x: F.cross_entropy(x, torch.tensor([1, 0, 3])), (a,)),
    ("mse_loss", lambda x, y: F.mse_loss(x, y), (a, r(3, 4))),
    ("layer_norm", lambda x: F.layer_norm(x, (4,)), (a,)),
    ("conv2d", lambda x, w, bb: F.conv2d(x, w, bb, stride=2, padding=1), (r(2, 3, 5, 5), r(4, 3, 3, 3), r(4))),
    ("conv2d_dil_groups", lambda x, w: F.conv2d(x, w, padding=(2, 1), dilation=2, groups=2), (r(1, 4, 6, 5), r(2, 2, 3, 2))),
    ("conv2d_depthwise", lambda x, w: F.conv2d(x, w, padding=1, groups=3), (r(2, 3, 4, 4), r(3, 1, 3, 3))),
    ("conv1d", lambda x, w: F.conv1d(x, w, stride=2), (r(2, 2, 7), r(3, 2, 3))),
    ("conv_transpose2d", lambda x, w: F.conv_transpose2d(x, w, stride=2, padding=1), (r(1, 2, 3, 3), r(2, 3, 3, 3))),
    ("max_pool2d", lambda x: F.max_pool2d(x, 3, stride=2, padding=1), (r(2, 2, 5, 5),)),
    ("max_pool1d", lambda x: F.max_pool1d(x, 2), (r(2, 3, 6),)),
    ("avg_pool2d", lambda x: F.avg_pool2d(x, 3, stride=2, padding=1), (r(1, 2, 5, 5),)),
    ("avg_pool2d_exclude", lambda x: F.avg_pool2d(x, 2, padding=1, count_include_pad=False), (r(1, 2, 4, 5),)),
    ("adaptive_avg_pool2d", lambda x: F.adaptive_avg_pool2d(x, (2, 3)), (r(2, 2, 5, 7),)),
    ("pad", lambda x: F.pad(x, (1, 2, 0, 1)), (r(2, 3, 3),)),
    ("batch_norm_train", lambda x, w, bb: F.batch_norm(x, None, None, w, bb, training=True), (r(4, 3, 2), r(3), r(3))),
    ("group_norm", lambda x: F.group_norm(x, 2), (r(2, 4, 3),)),
    ("embedding", lambda w: F.embedding(torch.tensor([[1, 2], [1, 0]]), w), (r(4, 3),)),
    ("nll_loss", lambda x: F.nll_loss(x, torch.tensor([1, -100, 3]), weight=torch.tensor([1.0, 2.0, 0.5, 1.0], dtype=torch.float64)), (a,)),
    ("l1_smooth_huber", lambda x, y: F.l1_loss(x, y) + F.smooth_l1_loss(x, y, beta=0.5) + F.huber_loss(x, y, delta=0.7, reduction="sum"), (a, r(3, 4))),
    ("bce", lambda x: F.binary_cross_entropy(torch.sigmoid(x), t01), (a,)),
    ("bce_logits", lambda x: F.binary_cross_entropy_with_logits(x, t01, pos_weight=torch.tensor([1.0, 2.0, 0.5, 3.0], dtype=torch.float64)), (a,)),
    ("index_rows_cols", lambda x: x[torch.tensor([0, 2, 0]), torch.tensor([1, 1, 1])], (a,)),
]
for name, fn, args in cases:
    print(name, torch.autograd.gradcheck(fn, args), grads_of(fn, args))

smooth = [
    ("tanh", lambda x: torch.tanh(x), (a,)),
    ("sin_mul", lambda x, y: torch.sin(x) * y, (a, b)),
    ("pow_mean", lambda x: (x ** 3).mean(1), (a,)),
    ("linear", lambda x, w: torch.tanh(x @ w.t()), (r(2, 3), r(4, 3))),
    ("softmax", lambda x: torch.softmax(x, 1), (a,)),
    ("exp_log_sigmoid", lambda x: torch.exp(x) * torch.log(x) + torch.sigmoid(x), (p,)),
    ("div_sqrt", lambda x, y: x / y + torch.sqrt(y), (a, p)),
    ("log_softmax_nll", lambda x: F.cross_entropy(x, torch.tensor([1, 0, 3])), (a,)),
    ("mse_loss", lambda x, y: F.mse_loss(x, y), (a, r(3, 4))),
    ("layer_norm", lambda x: F.layer_norm(x, (4,)), (a,)),
    ("conv2d", lambda x, w: F.conv2d(x, w, padding=1), (r(1, 2, 3, 3), r(2, 2, 2, 2))),
    ("gelu_erf", lambda x: F.gelu(x) + torch.erf(x), (a,)),
]
for name, fn, args in smooth:
    print("gradgrad", name, torch.autograd.gradgradcheck(fn, args))
