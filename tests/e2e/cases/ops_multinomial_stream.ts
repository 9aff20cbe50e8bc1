# multinomial's draws, compiled and eager: the same numbers for the same manual_seed (the
# e2e oracle compares them exactly; no PyTorch twin, the stream is tcc's own).
# e2e-kernels: 1
@fullgraph
def draw(p, q):
    return multinomial(p, 12, replacement=True), q.multinomial(4), multinomial(q, 3, replacement=True), multinomial(p, 3)

manual_seed(7)
p = tensor([0.2, 0.5, 0.0, 0.3])
q = rand(3, 6) + 0.1
for t in draw(p, q):
    print(t)
for t in draw(p.double(), q.double()):
    print(t)
