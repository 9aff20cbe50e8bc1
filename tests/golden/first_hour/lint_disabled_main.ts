# RUN: tcc lint %s
# `@torch.compiler.disable` on a `main()` full of printing and `.item()`:
# it runs in the interpreter, is not traced and is not linted; the model it
# calls is still compiled (and linted), as torch.compile keeps compiling an
# explicitly compiled module inside a disabled function.
import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return torch.tanh(self.fc(x))

@torch.compiler.disable
def main():
    torch.manual_seed(0)
    net = torch.compile(Net(), fullgraph=True)
    x = torch.randn(8, 4)
    for step in range(3):
        y = net(x)
        print(f"step {step}: mean {y.mean().item():.4f}")
    if y.sum() > 0:
        print("positive")

if __name__ == "__main__":
    main()

# CHECK-STDOUT: tcc lint: 1 file, 0 problems - passed
