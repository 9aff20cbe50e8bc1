# Usage: gemm_views_time.py ROUNDS N BIN:MODE... (BIN relative to the current directory).
# Interleaved min-of-R timing of `BIN MODE N` minus `BIN MODE 0`, per iteration:
# wall-clock and CPU time (user+sys of the process and its threads).
import os, subprocess, sys, time
R = int(sys.argv[1]); N = int(sys.argv[2]); cfgs = [c.split(":") for c in sys.argv[3:]]
def t(b, m, n):
    s = time.perf_counter()
    p = subprocess.Popen(["./" + b, m, str(n)], stdout=subprocess.DEVNULL)
    _, st, ru = os.wait4(p.pid, 0)
    assert st == 0
    return time.perf_counter() - s, ru.ru_utime + ru.ru_stime
best = {}
for r in range(R):
    for b, m in cfgs:
        for n in (0, N):
            w, c = t(b, m, n)
            k = (b, m, n); o = best.get(k, (9e9, 9e9)); best[k] = (min(o[0], w), min(o[1], c))
for b, m in cfgs:
    w = (best[(b, m, N)][0] - best[(b, m, 0)][0]) * 1000 / N
    c = (best[(b, m, N)][1] - best[(b, m, 0)][1]) * 1000 / N
    print(f"{b:10s} {m:12s} wall {w:8.2f} ms/iter   cpu {c:8.2f} ms/iter")
