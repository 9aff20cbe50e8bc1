# A list's length is a guard (runtime README "Guard kinds"): the segment of
# `stack(t.history)` compiled for the first call (19 items) must not run for
# the second call's 22 items, which the interpreter stacks instead (a guard
# failure, with a warning). Before the `len` guard, the second call stacked
# the first 19 items only.
# truth: guard-failure-expected

class Tracker:
    def __init__(self, x):
        self.history = [x]

def remember(t, n):
    for i in range(n):
        t.history.append(t.history[-1] + 1)
    return stack(t.history).sum(0)

t = Tracker(zeros(2))
print(remember(t, 18), len(t.history))
print(remember(t, len(argv()) + 3), len(t.history))
