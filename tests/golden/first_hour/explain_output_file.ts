# RUN: rm -f /tmp/tcc_golden_explain_output_file.txt
# RUN: tcc explain %s -o /tmp/tcc_golden_explain_output_file.txt
# RUN: cat /tmp/tcc_golden_explain_output_file.txt
# `explain -o FILE` writes the report to FILE, text as json.
def f(x):
    return x * 2 + 1

print(f(ones(3)))

# CHECK-STDOUT: tcc explain explain_output_file.ts
# CHECK-STDOUT:
# CHECK-STDOUT: f(x: float32[3])   entered at explain_output_file.ts:8:7
# CHECK-STDOUT:   graph 1  2 ops  mul, add  (lines 6)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul, add
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 0 errors
