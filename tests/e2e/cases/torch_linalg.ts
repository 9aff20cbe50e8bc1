# torch.linalg as model code uses it: vector/matrix norms, cholesky, solve
# (partial pivoting, batched, left=False), inv, det, slogdet, logdet,
# solve_triangular, cholesky_solve and diagonal, then a Kalman filter step
# (filterpy's predict/update: one graph per step) and a Gaussian-process
# posterior (GPyTorch's exact-GP mean and variance through a Cholesky
# factor). The numbers are PyTorch's (tests/e2e/torch/same_text.py).
# e2e-kernels: 30
import torch


def r(t, d=4):
    return [round(v, d) for v in t.flatten().tolist()]


torch.manual_seed(0)
A = torch.randn(4, 4)
S = A @ A.t() + 4 * torch.eye(4)
B = torch.randn(4, 2)
b = torch.randn(4)
Ab = torch.randn(3, 5, 5) + 2 * torch.eye(5)
print(r(torch.linalg.norm(A)), r(torch.linalg.norm(A, dim=1)), r(torch.linalg.norm(A, ord=1, dim=0)))
print(r(torch.linalg.vector_norm(A, ord=float("inf"))), r(torch.linalg.vector_norm(A, 3, dim=(0, 1))),
      r(torch.linalg.vector_norm(A, ord=0)), r(torch.linalg.vector_norm(A, -float("inf"), dim=1, keepdim=True)))
print(r(torch.linalg.matrix_norm(A)), r(torch.linalg.matrix_norm(Ab, ord=1)), r(torch.linalg.matrix_norm(Ab, ord=-float("inf"))),
      r(torch.linalg.norm(A, "fro")), r(torch.linalg.norm(A, float("inf"))), r(torch.linalg.matrix_norm(Ab, -1, keepdim=True)))
L = torch.linalg.cholesky(S)
print(r(L), r(torch.linalg.cholesky(S, upper=True)[0]), r(torch.cholesky(S)[3]))
print(r(torch.linalg.cholesky(Ab @ Ab.transpose(-2, -1) + torch.eye(5))[1]))
print(r(torch.linalg.solve(A, B)), r(torch.linalg.solve(A, b)), r(torch.linalg.solve(Ab, torch.ones(3, 5, 2))[2]))
print(r(torch.linalg.solve(A, B.t(), left=False)), r(torch.linalg.solve(Ab, torch.ones(5))[1]))
print(r(torch.linalg.inv(A)), r(torch.inverse(Ab)[0]), r(A.inverse() @ A + 0.0, 3))
print(r(torch.linalg.det(A)), r(torch.det(Ab)), r(A.det()), r(torch.logdet(S)), r(torch.logdet(A)))
s, l = torch.linalg.slogdet(Ab)
print(r(s), r(l), r(torch.slogdet(A)[0]))
print(r(torch.linalg.solve_triangular(L, B, upper=False)), r(torch.linalg.solve_triangular(L.t(), B, upper=True)))
print(r(torch.linalg.solve_triangular(L, B.t(), upper=False, left=False)),
      r(torch.linalg.solve_triangular(L, B, upper=False, unitriangular=True)))
print(r(torch.diagonal(A)), r(A.diagonal(1)), r(torch.diagonal(Ab, -1, 1, 2)), r(Ab.diagonal(dim1=-2, dim2=-1)[2]))
print(r(torch.linalg.det(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))), r(torch.linalg.det(torch.tensor([[0.0, 1.0], [1.0, 0.0]]))))


# a Kalman filter step (constant-velocity model), as filterpy-style code writes it
def kalman_step(x, P, z, F, H, Q, R):
    x = F @ x
    P = F @ P @ F.T + Q
    y = z - H @ x
    S = H @ P @ H.T + R
    K = P @ H.T @ torch.linalg.inv(S)
    x = x + K @ y
    P = (torch.eye(P.shape[0]) - K @ H) @ P
    return x, P


dt = 0.1
F = torch.tensor([[1.0, dt, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, dt], [0, 0, 0, 1.0]])
H = torch.tensor([[1.0, 0, 0, 0], [0, 0, 1.0, 0]])
Q = 0.01 * torch.eye(4)
R = 0.5 * torch.eye(2)
x = torch.zeros(4)
P = torch.eye(4)
for t in range(20):
    z = torch.tensor([t * dt * 2.0, 1.0 - t * dt]) + 0.1 * torch.randn(2)
    x, P = kalman_step(x, P, z, F, H, Q, R)
print(r(x), r(P.diagonal()))


# Gaussian-process regression (RBF kernel), as GPyTorch's exact GP computes its posterior mean
def rbf(a, b, ls=0.7):
    return torch.exp(-0.5 * torch.cdist(a, b) ** 2 / ls ** 2)


X = torch.linspace(0, 3, 8).unsqueeze(1)
Y = torch.sin(2 * X).squeeze(1)
Xs = torch.linspace(0, 3, 5).unsqueeze(1)
Kxx = rbf(X, X) + 1e-3 * torch.eye(8)
Lk = torch.linalg.cholesky(Kxx)
alpha = torch.cholesky_solve(Y.unsqueeze(1), Lk)
alpha2 = torch.linalg.solve_triangular(Lk.T, torch.linalg.solve_triangular(Lk, Y.unsqueeze(1), upper=False), upper=True)
print(r(alpha - alpha2, 3), r(torch.cholesky_solve(Y.unsqueeze(1), Lk.T, upper=True), 3))
mean = rbf(Xs, X) @ alpha
v = torch.linalg.solve_triangular(Lk, rbf(X, Xs), upper=False)
var = torch.diagonal(rbf(Xs, Xs)) - (v * v).sum(0)
print(r(mean, 3), r(var, 3), r(2 * torch.log(torch.diagonal(Lk)).sum(), 3))
