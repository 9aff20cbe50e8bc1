# RUN: tcc explain %s
# One function called with two shapes (and one repeat) gives two
# specialisations; Python scalars specialise by value and loops unroll.

def scale_rows(x, times):
    for i in range(times):
        x = x * 2
    return x.sum(dim=-1, keepdim=True)

scale_rows(ones(2, 3), 2)
scale_rows(ones(2, 3), 2)
scale_rows(ones(5, 4), 2)
scale_rows(ones(2, 3), 1)

# CHECK-STDOUT: tcc explain rule_specialisation.ts
# CHECK-STDOUT:
# CHECK-STDOUT: scale_rows(x: float32[2, 3], times: int=2)   entered at rule_specialisation.ts:10:1
# CHECK-STDOUT:   graph 1  3 ops  mul x2, sum  (lines 7, 8)
# CHECK-STDOUT:            fused into 1 loop nest: [reduction] mul, mul, sum
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: scale_rows(x: float32[5, 4], times: int=2)   entered at rule_specialisation.ts:12:1
# CHECK-STDOUT:   graph 1  3 ops  mul x2, sum  (lines 7, 8)
# CHECK-STDOUT:            fused into 1 loop nest: [reduction] mul, mul, sum
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: scale_rows(x: float32[2, 3], times: int=1)   entered at rule_specialisation.ts:13:1
# CHECK-STDOUT:   graph 1  2 ops  mul, sum  (lines 7, 8)
# CHECK-STDOUT:            fused into 1 loop nest: [reduction] mul, sum
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: total: 3 graphs, 0 graph breaks at 0 sites, 0 errors
