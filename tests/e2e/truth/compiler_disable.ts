import torch
import torch.nn as nn

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))

@torch.compiler.disable
def log_stats(step, stats):
    print(f"step {step}: loss {stats['loss']:.4f}")
    stats["logged"] = stats.get("logged", 0) + 1

def train_step(model, x, stats):
    y = model(x)
    loss = (y * y).mean()
    stats["loss"] = loss.item()
    log_stats(0, stats)
    return loss * 2

@torch._dynamo.disable
def main():
    torch.manual_seed(0)
    model = torch.compile(MLP(), fullgraph=True)
    x = torch.randn(3, 4)
    print("out", model(x).sum().item())
    stats = {}
    for i in range(2):
        r = train_step(model, x, stats)
        print("r", float(r))
    print("logged", stats["logged"])

if __name__ == "__main__":
    main()
