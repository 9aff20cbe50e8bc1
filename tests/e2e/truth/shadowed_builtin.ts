# A local that shadows a builtin (`relu = relu(x)`) is an unbound local, as in
# Python: UnboundLocalError eagerly, and the same when compiled.
# truth: run-time-error-expected
def act(x):
    relu = relu(x)
    return relu

print(act(ones(2)))
