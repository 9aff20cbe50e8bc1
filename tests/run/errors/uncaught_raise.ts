# RUN: tcc run --eager %s
# RUN-EXIT: 1
# An exception nothing catches is reported at its `raise` with the traceback;
# a handler that does not match lets it through, after `finally` has run.
class ConfigError(ValueError):
    pass

def load_config(name):
    raise ConfigError("no config named " + repr(name))

try:
    load_config("base")
except KeyError:
    print("not reached")
finally:
    print("finally runs first")

# CHECK-STDOUT: finally runs first
# CHECK-STDERR: uncaught_raise.ts:9:5: error: ConfigError: no config named 'base' [TS3018 uncaught_exception]
# CHECK-STDERR:  9 |     raise ConfigError("no config named " + repr(name))
# CHECK-STDERR:    |     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# CHECK-STDERR: traceback (most recent call first):
# CHECK-STDERR:   at load_config (uncaught_raise.ts:9:5)
# CHECK-STDERR:   at <module> (uncaught_raise.ts:12:5)
