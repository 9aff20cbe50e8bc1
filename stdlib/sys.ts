# sys: the parts of Python's sys module scripts use. sys.argv is the
# program's path, then its arguments (`tcc run prog.ts a b` and `./prog a b`
# as `python prog.py a b`); inside compiled functions it is known only at run
# time. sys.exit raises SystemExit, which ends the program quietly with its
# status, as in Python.

__tcc_module_scope__ = True  # no tensor code: calls run as module-scope code (trace_call.cpp Entry)
argv = __sys_argv()


def exit(status=None):
    e = SystemExit(status)
    e.code = status  # SystemExit.code (set here: raise SystemExit(n) has only args)
    raise e


class _Stream:
    def __init__(self, name):
        self.name = name

    def write(self, s):
        if self.name == "<stderr>":
            return __stderr_write(s)
        print(s, end="")
        return len(s)

    def flush(self):
        pass


stdout = _Stream("<stdout>")
stderr = _Stream("<stderr>")
maxsize = 9223372036854775807
