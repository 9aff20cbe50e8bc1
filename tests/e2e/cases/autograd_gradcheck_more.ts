# gradcheck (float64, torch's tolerances) on the rest of the differentiable
# builtins (stdlib/torch/_derivatives.ts) and on torch functions written in
# TensorScript, which differentiate through their definitions. Each line
# prints True under PyTorch too (tests/e2e/torch/same_text.py).
import torch
import torch.nn.functional as F

torch.manual_seed(4)


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


def unit(*shape):  # inside (-0.9, 0.9)
    return (torch.rand(*shape, dtype=torch.float64) * 1.8 - 0.9).requires_grad_()


def big(*shape):  # above 1.1
    return (torch.rand(*shape, dtype=torch.float64) + 1.1).requires_grad_()


def spd(x):  # symmetric positive definite
    return x @ x.t() + 3 * torch.eye(3, dtype=torch.float64)


a, b = r(3, 4), r(3, 4)
u, g = unit(5), big(5)
cases = [
    ("exp2_expm1_log2", lambda x, y: torch.exp2(x) + torch.expm1(x) + torch.log2(y), (u, g)),
    ("inverse_trig", lambda x: torch.asin(x) + torch.acos(x) + torch.atan(x) + torch.atanh(x), (u,)),
    ("hyperbolic", lambda x, y: torch.sinh(x) + torch.cosh(x) + torch.asinh(x) + torch.acosh(y), (u, g)),
    ("erfc_reciprocal", lambda x, y: torch.erfc(x) + torch.reciprocal(y), (u, g)),
    ("atan2", lambda x, y: torch.atan2(x, y), (a, b)),
    ("minimum", lambda x, y: torch.minimum(x, y), (a, b)),
    ("lerp", lambda x, y, w: torch.lerp(x, y, w), (a, b, unit(3, 4))),
    ("lerp_scalar", lambda x, y: torch.lerp(x, y, 0.3), (a, b)),
    ("prod", lambda x: x.prod(1) + g.detach().prod(), (a,)),
    ("min_amin", lambda x: x.min() + x.amin(0).sum() + x.min(1).values.sum(), (a,)),
    ("max_scalar", lambda x: torch.max(x, torch.zeros(3, 4, dtype=torch.float64)), (a,)),
    ("nan_to_num", lambda x: torch.nan_to_num(x), (a,)),
    ("transpose_swapaxes", lambda x: x.transpose(0, 1).swapaxes(0, 1) * x.mT.t(), (a,)),
    ("narrow_repeat", lambda x: x.narrow(1, 1, 2).repeat(2, 3), (a,)),
    ("triu_diag", lambda x, v: x.triu(1).sum() + torch.diag(v).sum(1).sum() + torch.diag(x[:, :3]).sum(), (a, r(3))),
    ("scatter", lambda x, s: x.scatter(1, torch.tensor([[0, 1], [2, 3], [1, 0]]), s), (a, r(3, 2))),
    ("scatter_add", lambda x, s: x.scatter_add(0, torch.tensor([[0, 1, 2, 0]]), s), (a, r(1, 4))),
    ("index_add", lambda x, s: x.index_add(0, torch.tensor([2, 0, 2]), s, alpha=0.5), (a, r(3, 4))),
    ("dot_outer_mm", lambda v, w, m: torch.dot(v, w) + torch.outer(v, w).sum() + (m @ m.t()).sum(), (r(4), r(4), r(3, 4))),
    ("bmm", lambda x, y: torch.bmm(x, y), (r(2, 3, 4), r(2, 4, 2))),
    ("matmul_broadcast", lambda x, y: x @ y, (r(2, 3, 4), r(4, 5))),
    ("einsum_batch", lambda x, y: torch.einsum("bij,bjk->bik", x, y), (r(2, 3, 4), r(2, 4, 2))),
    ("einsum_trace_sum", lambda x: torch.einsum("ij->j", x), (a,)),
    ("addmm_baddbmm", lambda c, x, y: torch.addmm(c, x, y, beta=0.5, alpha=2.0), (r(3, 2), r(3, 4), r(4, 2))),
    ("cross_kron", lambda x, y: torch.cross(x, y, dim=1).sum() + torch.kron(x[:2, :2], y[:2, :2]).sum(), (r(2, 3), r(2, 3))),
    ("logaddexp_hypot", lambda x, y: torch.logaddexp(x, y) + torch.hypot(x, y), (a, b)),
    ("cumsum_dim0", lambda x: torch.cumsum(x, 0) * torch.arange(4.0, dtype=torch.float64), (a,)),
    ("softplus_silu_elu", lambda x: F.softplus(x) + F.silu(x) + F.elu(x) + F.leaky_relu(x, 0.1) + F.hardtanh(x), (a,)),
    ("mish_logsigmoid", lambda x: F.mish(x) + F.logsigmoid(x) + F.softsign(x), (a,)),
    ("normalize_cosine", lambda x, y: F.normalize(x, dim=1) + F.cosine_similarity(x, y).unsqueeze(1), (a, b)),
    ("kl_div", lambda x, y: F.kl_div(F.log_softmax(x, 1), F.softmax(y, 1), reduction="batchmean"), (a, b)),
    ("scaled_dot_product", lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True) if hasattr(F, "scaled_dot_product_attention") else torch.softmax(q @ k.transpose(-2, -1) / 2.0 + torch.full((3, 3), float("-inf"), dtype=torch.float64).triu(1), -1) @ v, (r(1, 3, 4), r(1, 3, 4), r(1, 3, 4))),
    ("interpolate", lambda x: F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False), (r(1, 1, 3, 3),)),
    ("instance_norm", lambda x: F.instance_norm(x), (r(2, 3, 5),)),
    ("dropout_eval", lambda x: F.dropout(x, 0.5, training=False), (a,)),
    ("unfold_fold", lambda x: F.unfold(x, 2), (r(1, 2, 3, 3),)),
    ("pad_reflect_replicate", lambda x: F.pad(x, (2, 1, 1, 2), mode="reflect") + F.pad(x, (2, 1, 1, 2), mode="replicate"), (r(1, 2, 3, 4),)),
    ("sort_topk", lambda x: x.sort(1).values * 2 + x.topk(4, dim=1).values, (a,)),
    ("cumprod", lambda x: torch.cumprod(x, 1), (a,)),
    ("repeat_interleave_square", lambda x: x.repeat_interleave(2, dim=1).square() + x.repeat_interleave(2).reshape(3, 8), (a,)),
    ("linalg_inv_det", lambda x: torch.linalg.inv(spd(x)) * torch.linalg.det(spd(x)), (r(3, 3),)),
    ("linalg_solve", lambda x, y: torch.linalg.solve(spd(x), y), (r(3, 3), r(3, 2))),
    ("linalg_cholesky_slogdet", lambda x: torch.linalg.cholesky(spd(x)).sum() + torch.linalg.slogdet(spd(x))[1], (r(3, 3),)),
]
for name, fn, args in cases:
    print(name, torch.autograd.gradcheck(fn, args), grads_of(fn, args))

# float64 bilinear interpolation at a non-integer ratio computes its source
# positions in float64, as torch does (its error against the exact value is 0
# to 1e-9; in float32 it was 5e-8)
xi = torch.arange(12, dtype=torch.float64).reshape(1, 1, 3, 4) * 0.37
yi = F.interpolate(xi, size=(5, 7), mode="bilinear", align_corners=False)
print("interpolate_f64", round((yi[0, 0, 1, 3].item() - 0.37 * (0.6 * 1.5 + 0.4 * 5.5)) * 1e9))
