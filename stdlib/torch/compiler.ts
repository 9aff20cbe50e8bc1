# torch.compiler: the public names of the compile controls.
# `@torch.compiler.disable` makes a function run in the interpreter: it is
# not traced and not linted, a call to it from compiled code is a
# `disabled_call` graph break, and the functions it calls compile as if
# module scope called them (explicitly compiled ones stay compiled, as in
# torch).
disable = compiler_disable


def is_compiling():
    # Ahead of time there is no "while compiling": this is Python code the
    # interpreter runs.
    return False


def is_dynamo_compiling():
    return False
