# RUN: tcc explain %s
# Every conversion of a tensor to a Python value ends the graph.

def convert(x):
    s = x.sum().item()
    n = int(x[0])
    f = float(x.max())
    b = bool(x.min())
    l = x.tolist()
    return x * 2

convert(arange(4))

# CHECK-STDOUT: tcc explain kind_tensor_to_scalar.ts
# CHECK-STDOUT:
# CHECK-STDOUT: convert(x: int64[4])   entered at kind_tensor_to_scalar.ts:12:1
# CHECK-STDOUT:   graph 1  1 op  mul  (lines 10)
# CHECK-STDOUT:            fused into 1 loop nest: [elementwise] mul
# CHECK-STDOUT:   break    kind_tensor_to_scalar.ts:5:17  tensor_to_scalar [TS4003]  `.item()` copies tensor data into a Python number
# CHECK-STDOUT:   break    kind_tensor_to_scalar.ts:6:9  tensor_to_scalar [TS4003]  `int(t)` converts a tensor to a Python int
# CHECK-STDOUT:   break    kind_tensor_to_scalar.ts:7:9  tensor_to_scalar [TS4003]  `float(t)` converts a tensor to a Python float
# CHECK-STDOUT:   break    kind_tensor_to_scalar.ts:8:9  tensor_to_scalar [TS4003]  `bool(t)` converts a tensor to a Python bool
# CHECK-STDOUT:   break    kind_tensor_to_scalar.ts:9:11  tensor_to_scalar [TS4003]  `.tolist()` copies tensor data into a Python list
# CHECK-STDOUT:   1 graph, 5 graph breaks
# CHECK-STDOUT:
# CHECK-STDOUT: kind_tensor_to_scalar.ts:5:17: warning: `.item()` copies tensor data into a Python number [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  5 |     s = x.sum().item()
# CHECK-STDOUT:    |                 ^~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:12:1  in <module>   convert(arange(4))
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:5:17  in convert   s = x.sum().item()
# CHECK-STDOUT:
# CHECK-STDOUT: kind_tensor_to_scalar.ts:6:9: warning: `int(t)` converts a tensor to a Python int [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  6 |     n = int(x[0])
# CHECK-STDOUT:    |         ^~~~~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:12:1  in <module>   convert(arange(4))
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:6:9   in convert   n = int(x[0])
# CHECK-STDOUT:
# CHECK-STDOUT: kind_tensor_to_scalar.ts:7:9: warning: `float(t)` converts a tensor to a Python float [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  7 |     f = float(x.max())
# CHECK-STDOUT:    |         ^~~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:12:1  in <module>   convert(arange(4))
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:7:9   in convert   f = float(x.max())
# CHECK-STDOUT:
# CHECK-STDOUT: kind_tensor_to_scalar.ts:8:9: warning: `bool(t)` converts a tensor to a Python bool [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  8 |     b = bool(x.min())
# CHECK-STDOUT:    |         ^~~~~~~~~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:12:1  in <module>   convert(arange(4))
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:8:9   in convert   b = bool(x.min())
# CHECK-STDOUT:
# CHECK-STDOUT: kind_tensor_to_scalar.ts:9:11: warning: `.tolist()` copies tensor data into a Python list [TS4003 tensor_to_scalar]
# CHECK-STDOUT:  9 |     l = x.tolist()
# CHECK-STDOUT:    |           ^~~~~~~~
# CHECK-STDOUT:   explanation: `.item()`, `.tolist()`, `int(t)`, `float(t)` and `bool(t)` need the tensor's data, which exists only when the graph has run; the graph ends here
# CHECK-STDOUT:   hint: keep the value as a tensor (use tensor ops such as `where`, `clamp` or `maximum` instead of Python arithmetic on it), or move the conversion out of the compiled function
# CHECK-STDOUT:   user stack (most recent call last):
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:12:1  in <module>   convert(arange(4))
# CHECK-STDOUT:     kind_tensor_to_scalar.ts:9:11  in convert   l = x.tolist()
# CHECK-STDOUT:
# CHECK-STDOUT:
# CHECK-STDOUT: total: 1 graph, 5 graph breaks at 5 sites, 0 errors
