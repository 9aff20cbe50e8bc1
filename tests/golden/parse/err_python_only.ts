# RUN: tcc parse --dump-ast %s
# RUN-EXIT: 1
# Python features TensorScript does not have say so plainly.
def gen(xs):
    yield xs
async def f():
    pass
def g():
    return await h()
y = {x: 1 for x in xs}
s = {1: 2, 3}
if (n := 3) > 2:
    pass
match y:
    case 1:
        pass

# CHECK-STDERR: err_python_only.ts:5:5: error: `yield` is not supported in TensorScript [TS1001 syntax_error]
# CHECK-STDERR:  5 |     yield xs
# CHECK-STDERR:    |     ^~~~~
# CHECK-STDERR: err_python_only.ts:6:1: error: `async` is not supported in TensorScript [TS1001 syntax_error]
# CHECK-STDERR:  6 | async def f():
# CHECK-STDERR:    | ^~~~~
# CHECK-STDERR: err_python_only.ts:9:12: error: `await` is not supported in TensorScript [TS1001 syntax_error]
# CHECK-STDERR:  9 |     return await h()
# CHECK-STDERR:    |            ^~~~~
# CHECK-STDERR: err_python_only.ts:11:13: error: a `{...}` display mixes `key: value` items with plain ones [TS1001 syntax_error]
# CHECK-STDERR:  11 | s = {1: 2, 3}
# CHECK-STDERR:     |             ^
# CHECK-STDERR: hint: a dict needs `key: value` for every item; a set (`{a, b}`) takes plain items only
# CHECK-STDERR: err_python_only.ts:12:7: error: the walrus operator `:=` is not supported in TensorScript [TS1001 syntax_error]
# CHECK-STDERR:  12 | if (n := 3) > 2:
# CHECK-STDERR:     |       ^
# CHECK-STDERR: hint: assign on a line of its own first
# CHECK-STDERR: err_python_only.ts:14:1: error: `match` is not supported in TensorScript [TS1001 syntax_error]
# CHECK-STDERR:  14 | match y:
# CHECK-STDERR:     | ^~~~~
# CHECK-STDERR: err_python_only.ts:15:10: error: unexpected number `1` [TS1001 syntax_error]
# CHECK-STDERR:  15 |     case 1:
# CHECK-STDERR:     |          ^
