# argparse's parsing (stdlib/argparse.ts): Python 3.11's rules for the
# common cases. Options are found by their exact string, `--opt=value`, an
# unambiguous prefix of a long option (allow_abbrev), `-xVALUE`, and combined
# short flags (`-vq`); "--" ends the options; a negative number is a value
# unless the parser has options that look like one. Each option takes the
# strings after it that are not options, as many as its nargs allows;
# positionals then share the remaining strings left to right, each as many
# as it can while leaving the later ones their minimum. Errors raise
# ArgumentError, which parse_args reports as argparse does.
from argparse._common import SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE, ArgumentError, ArgumentTypeError
from argparse._common import _is_negative_number


def _options(parser):
    opts = {}
    for a in parser._actions:
        for s in a.option_strings:
            opts[s] = a
    return opts


def _looks_like_option(arg, opts, negative_opts):
    if len(arg) < 2 or arg[0] != "-":
        return False
    if arg in opts or arg.split("=")[0] in opts:
        return True
    if _is_negative_number(arg) and not negative_opts:
        return False
    return " " not in arg


def _find_option(parser, arg, opts):  # (action, explicit value or None, value attached to a short option)
    if arg in opts:
        return opts[arg], None, False
    parts = arg.split("=")
    value = "=".join(parts[1:]) if len(parts) > 1 else None
    if parts[0] in opts:
        return opts[parts[0]], value, False
    if arg.startswith("--"):
        if not parser.allow_abbrev:
            return None, None, False
        matches = [s for s in opts if s.startswith("--") and s.startswith(parts[0])]
        if len(matches) > 1:
            raise ArgumentError(None, f"ambiguous option: {parts[0]} could match {', '.join(matches)}")
        return (opts[matches[0]], value, False) if matches else (None, None, False)
    if arg[:2] in opts:
        return opts[arg[:2]], arg[2:], True
    return None, None, False


def _convert(action, s, check=True):
    v = s
    if action.type is not None:
        try:
            v = action.type(s)
        except ArgumentTypeError as e:
            raise ArgumentError(action, str(e))
        except (TypeError, ValueError):
            name = action.type.__name__
            raise ArgumentError(action, f"invalid {name} value: {s!r}")
    if check and action.choices is not None and v not in action.choices:
        choices = ", ".join([repr(c) for c in action.choices])
        raise ArgumentError(action, f"invalid choice: {v!r} (choose from {choices})")
    return v


def _count_for(action, avail):  # how many of `avail` strings an option takes
    n = action.nargs
    if n is None:
        if avail < 1:
            raise ArgumentError(action, "expected one argument")
        return 1
    if n == OPTIONAL:
        return min(avail, 1)
    if n == ZERO_OR_MORE:
        return avail
    if n == ONE_OR_MORE:
        if avail < 1:
            raise ArgumentError(action, "expected at least one argument")
        return avail
    if avail < n:
        raise ArgumentError(action, f"expected {n} argument" + ("s" if n != 1 else ""))
    return n


def _take(parser, action, values, namespace):
    kind = action.kind
    if kind == "help":
        parser.print_help()
        parser.exit()
    if kind == "version":
        print(action.version.replace("%(prog)s", parser.prog))
        parser.exit()
    if kind in ["store_true", "store_false", "store_const"]:
        setattr(namespace, action.dest, action.const)
        return
    if kind == "count":
        n = getattr(namespace, action.dest, None)
        setattr(namespace, action.dest, 1 if n is None else n + 1)
        return
    if action.nargs is None:
        value = _convert(action, values[0])
    elif action.nargs == OPTIONAL:
        value = _convert(action, values[0]) if values else action.const
    else:
        value = [_convert(action, v) for v in values]
    if kind == "append":
        items = getattr(namespace, action.dest, None)
        items = [] if items is None else list(items)
        items.append(value)
        value = items
    setattr(namespace, action.dest, value)


def _minimum(action):
    if action.nargs in [OPTIONAL, ZERO_OR_MORE]:
        return 0
    if action.nargs is None or action.nargs == ONE_OR_MORE:
        return 1
    return action.nargs


def _positionals(parser, strings, namespace, seen):  # returns the strings no positional took
    actions = [a for a in parser._actions if not a.option_strings]
    i = 0
    for k, a in enumerate(actions):
        avail = len(strings) - i - sum([_minimum(b) for b in actions[k + 1:]])
        if avail < _minimum(a):
            break
        n = a.nargs
        count = 1 if n is None else min(avail, 1) if n == OPTIONAL else avail if n in [ZERO_OR_MORE, ONE_OR_MORE] else n
        values = strings[i:i + count]
        i += count
        seen.append(a)
        if not values and n in [OPTIONAL, ZERO_OR_MORE]:
            default = a.default
            value = _convert(a, default) if isinstance(default, str) else default
            setattr(namespace, a.dest, [] if value is None and n == ZERO_OR_MORE else value)
        else:
            _take(parser, a, values, namespace)
    return strings[i:]


def _typed(a, v):  # v again through the conversion a's type and default fix (a no-op when run)
    d = a.default
    if a.kind == "append" or a.nargs not in [None, 0] or d is None:
        return v
    if a.kind in ["store_true", "store_false"] and isinstance(d, bool):
        return bool(v)
    if (a.kind == "count" or a.type is int) and isinstance(d, int) and not isinstance(d, bool):
        return int(v)
    if a.type is float and isinstance(d, float):
        return float(v)
    if (a.type is None or a.type is str) and isinstance(d, str) and a.kind == "store":
        return str(v)
    return v


def typed_namespace(parser, ns, out, from_argv):
    # The parsed namespace, copied attribute by attribute through _typed into
    # `out` (parse_args' namespace=, or a new Namespace). Inside compiled
    # functions sys.argv is known only at run time, so the tracer cannot
    # follow the parse: a value parsed from it is a run-time value
    # (__runtime_value), of the type _typed gives it (--lr a float, --epochs
    # an int, --rect a bool). A parse of a given list is known at compile time.
    for a in parser._actions:
        if a.dest != SUPPRESS and a.default != SUPPRESS:
            v = getattr(ns, a.dest)
            setattr(out, a.dest, _typed(a, __runtime_value(v) if from_argv else v))
        elif a.dest != SUPPRESS and hasattr(ns, a.dest):
            setattr(out, a.dest, getattr(ns, a.dest))
    for k in parser._defaults:
        setattr(out, k, getattr(ns, k))
    return out


def parse_known(parser, args, namespace):
    for a in parser._actions:
        if a.dest != SUPPRESS and not hasattr(namespace, a.dest) and a.default != SUPPRESS:
            setattr(namespace, a.dest, a.default)
    for k, v in parser._defaults.items():
        if not hasattr(namespace, k):
            setattr(namespace, k, v)
    opts = _options(parser)
    negative_opts = any([_is_negative_number(s) for s in opts])
    extras = []
    strings = []
    seen = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            strings.extend(args[i:])
            break
        if not _looks_like_option(arg, opts, negative_opts):
            strings.append(arg)
            continue
        action, explicit, short = _find_option(parser, arg, opts)
        if action is None:
            extras.append(arg)
            continue
        seen.append(action)
        if explicit is not None and action.nargs == 0:
            if not short:
                raise ArgumentError(action, f"ignored explicit argument {explicit!r}")
            args.insert(i, "-" + explicit)  # combined short flags: -vq is -v -q
            _take(parser, action, [], namespace)
            continue
        if explicit is not None:
            _take(parser, action, [explicit], namespace)
            continue
        avail = 0
        while i + avail < len(args) and args[i + avail] != "--" and not _looks_like_option(args[i + avail], opts,
                                                                                             negative_opts):
            avail += 1
        count = _count_for(action, avail)
        _take(parser, action, args[i:i + count], namespace)
        i += count
    extras.extend(_positionals(parser, strings, namespace, seen))
    missing = [a for a in parser._actions if a.required and not any([a is s for s in seen])]
    if missing:
        names = ["/".join(a.option_strings) if a.option_strings else a.metavar or a.dest for a in missing]
        raise ArgumentError(None, "the following arguments are required: " + ", ".join(names))
    for a in parser._actions:  # string defaults go through type, as argparse does
        if a.dest != SUPPRESS and not any([a is s for s in seen]) and isinstance(a.default, str) and \
                getattr(namespace, a.dest, None) is a.default:
            setattr(namespace, a.dest, _convert(a, a.default, False))
    return namespace, extras
