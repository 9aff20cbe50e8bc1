# A user module imported by modules.ts (helper: not a test itself).
import nn

SCALE = 3
calls = [0]

def triple(x):
    calls[0] = calls[0] + 1
    return x * SCALE

def probs(x):
    return nn.softmax(x, -1)

class Box:
    v: int
    def get(self):
        return self.v * SCALE
