# More of torch.nn.functional as ported model code calls it: relu, tanh,
# sigmoid, relu6, hardtanh, hardsigmoid, hardswish, logsigmoid, mish, glu,
# softmin, binary_cross_entropy (log clamped at -100), ..._with_logits (with
# pos_weight) and kl_div (batchmean, log_target), against PyTorch.
# e2e-kernels: 1
import nn
manual_seed(0)
x = randn(4, 6) * 3
y = rand(4, 6)
p = nn.sigmoid(randn(4, 6))
for name, v in [("relu", nn.relu(x)), ("tanh", nn.tanh(x)), ("sigmoid", nn.sigmoid(x)), ("relu6", nn.relu6(x)),
                ("hardtanh", nn.hardtanh(x)), ("hardsigmoid", nn.hardsigmoid(x)), ("hardswish", nn.hardswish(x)),
                ("logsigmoid", nn.logsigmoid(x)), ("mish", nn.mish(x)), ("glu", nn.glu(x)), ("softmin", nn.softmin(x, dim=1))]:
    print(name, [round(float(t), 4) for t in v.reshape(-1)[:6].tolist()], round(float(v.sum()), 4))
print("bce", round(float(nn.binary_cross_entropy(p, y)), 5), round(float(nn.binary_cross_entropy(p, y, reduction="sum")), 4))
print("bcel", round(float(nn.binary_cross_entropy_with_logits(x, y)), 5),
      round(float(nn.binary_cross_entropy_with_logits(x, y, pos_weight=full((6,), 2.0))), 5))
lp = nn.log_softmax(x, dim=1)
t = nn.softmax(randn(4, 6), dim=1)
print("kl", round(float(nn.kl_div(lp, t, reduction="batchmean")), 5), round(float(nn.kl_div(lp, log(t), reduction="sum", log_target=True)), 5))
