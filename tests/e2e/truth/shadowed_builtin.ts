# A local that shadows a builtin (`relu = relu(x)`) is an unbound local, as in
# Python: UnboundLocalError eagerly, and the same when compiled. The call is
# under a test known only at run time: called unconditionally, the error is
# certain and `tcc build` fails instead (tests/golden/first_hour).
# truth: run-time-error-expected
def act(x):
    relu = relu(x)
    return relu

if len(argv()) >= 0:
    print(act(ones(2)))
