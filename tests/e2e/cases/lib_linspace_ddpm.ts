# torch.linspace bit for bit (issue 39, part 5): the DDPM beta schedules
# (Ho et al.'s linear schedule, the scaled-linear one of Stable Diffusion),
# every element printed with Python's repr, so the last bit shows. tcc
# follows torch 1.13's CPU kernel (lang/semantics/linspace.h); before, 375 of the
# 1000 linear betas differed in the last bit. PyTorch runs this same text
# (tests/e2e/torch/same_text.py writes lib_linspace_ddpm.torch.txt), and the
# output must be the same text exactly:
# e2e-exact
import torch


def linear_betas(timesteps):
    return torch.linspace(1e-4, 0.02, timesteps)


def scaled_linear_betas(timesteps, beta_start=0.00085, beta_end=0.012):
    return torch.linspace(beta_start ** 0.5, beta_end ** 0.5, timesteps, dtype=torch.float64) ** 2


def timestep_grid(num_inference_steps, timesteps=1000):
    return torch.linspace(0, timesteps - 1, num_inference_steps, dtype=torch.int64).flip(0)


betas = linear_betas(1000)
print(betas.tolist())
alphas = 1.0 - betas
print(alphas[:8].tolist(), alphas[-8:].tolist())
print(scaled_linear_betas(1000)[::37].tolist())
print(timestep_grid(50).tolist())
print(torch.linspace(-1.0, 1.0, 17).tolist(), torch.linspace(0.0, 1.0, 1).tolist())
