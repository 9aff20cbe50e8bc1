# RUN: tcc explain %s
# RUN-EXIT: 1
# nonstrict_trace requirements: basic or @pytree inputs and outputs, defined
# outside compiled functions, no tensor data; globals it reads are captured
# at compile time (a warning when module scope reassigns them).

OFFSET = 1.0

class Plain:
    w: Tensor

@nonstrict_trace
def shift(x):
    return x + OFFSET

@nonstrict_trace
def peek(x):
    return x * x.sum().item()

@nonstrict_trace
def choose(x):
    if x.sum() > 0:
        return x
    return -x

@nonstrict_trace
def unwrap(p):
    return p.w

@nonstrict_trace
def give_function(x):
    return shift

def entry(x):
    x = shift(x)
    x = peek(x)
    x = choose(x)
    x = unwrap(Plain(x))
    f = give_function(x)
    def local(y):
        return y * 2
    return nonstrict_trace(local)(x)

print(entry(ones(2)))
OFFSET = 2.0

# CHECK-STDOUT: tcc explain rule_nonstrict_requirements.ts
# CHECK-STDOUT:
# CHECK-STDOUT: entry(x: float32[2])   entered at rule_nonstrict_requirements.ts:44:7
# CHECK-STDOUT:   graph 1  2 ops  neg, mul  (lines 24, 41)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] neg, mul
# CHECK-STDOUT:   1 graph, 0 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_requirements.ts:18:24: error: `peek` runs under `nonstrict_trace` at compile time, where tensors have no data: `.item()` copies tensor data into a Python number [TS5004 nonstrict_needs_data]
# CHECK-STDOUT:  18 |     return x * x.sum().item()
# CHECK-STDOUT:     |                        ^~~~~~
# CHECK-STDOUT:   hint: nonstrict_trace functions may not read tensor values; keep the logic on tensors (e.g. `where`) or call the function without nonstrict_trace
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:44:7   in <module>   print(entry(ones(2)))
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:36:9   in entry   x = peek(x)
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:18:24  in peek   return x * x.sum().item()
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_requirements.ts:22:8: error: `choose` runs under `nonstrict_trace` at compile time, where tensors have no data: `if` on a tensor's value (bool[]) [TS5004 nonstrict_needs_data]
# CHECK-STDOUT:  22 |     if x.sum() > 0:
# CHECK-STDOUT:     |        ^~~~~~~~~~~
# CHECK-STDOUT:   hint: nonstrict_trace functions may not read tensor values; keep the logic on tensors (e.g. `where`) or call the function without nonstrict_trace
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:44:7  in <module>   print(entry(ones(2)))
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:37:9  in entry   x = choose(x)
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:22:8  in choose   if x.sum() > 0:
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_requirements.ts:38:16: error: argument `p` of `unwrap` is an instance of `Plain`, which is not a `@pytree` class [TS5001 nonstrict_bad_input]
# CHECK-STDOUT:  38 |     x = unwrap(Plain(x))
# CHECK-STDOUT:     |                ^~~~~~~~
# CHECK-STDOUT:   hint: pass tensors, numbers, strings, None, lists/tuples/dicts of them, or instances of a `@pytree` class
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:44:7   in <module>   print(entry(ones(2)))
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:38:16  in entry   x = unwrap(Plain(x))
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_requirements.ts:39:9: error: `give_function` returns wrapped function `shift`, which `nonstrict_trace` cannot pass back [TS5002 nonstrict_bad_output]
# CHECK-STDOUT:  39 |     f = give_function(x)
# CHECK-STDOUT:     |         ^~~~~~~~~~~~~~~~
# CHECK-STDOUT:   hint: return tensors, numbers, strings, None, lists/tuples/dicts of them, or a `@pytree` instance
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:44:7  in <module>   print(entry(ones(2)))
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:39:9  in entry   f = give_function(x)
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_requirements.ts:42:12: error: `entry.local` is traced with `nonstrict_trace` but is defined inside another function [TS5003 nonstrict_defined_inside]
# CHECK-STDOUT:  42 |     return nonstrict_trace(local)(x)
# CHECK-STDOUT:     |            ^~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDOUT:   hint: define `local` at module scope; `nonstrict_trace(fn)(...)` may still be called inside compiled code
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:44:7   in <module>   print(entry(ones(2)))
# CHECK-STDOUT:     rule_nonstrict_requirements.ts:42:12  in entry   return nonstrict_trace(local)(x)
# CHECK-STDOUT:
# CHECK-STDOUT: rule_nonstrict_requirements.ts:45:1: warning: global `OFFSET` is read by the nonstrict_trace function `shift` but module scope assigns it again [TS5005 nonstrict_global_reassigned]
# CHECK-STDOUT:  45 | OFFSET = 2.0
# CHECK-STDOUT:     | ^
# CHECK-STDOUT:   hint: `nonstrict_trace` captures globals as constants at compile time and does not guard them; pass `OFFSET` as an argument instead
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 0 graph breaks at 0 sites, 5 errors, 1 warning
