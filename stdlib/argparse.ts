# argparse: the common subset of Python 3.11's argparse, with its parsing
# rules, --help text and error messages. ArgumentParser(prog, usage,
# description, epilog, add_help, allow_abbrev), add_argument (option strings
# or a positional name; action store, store_true, store_false, store_const,
# append, count, help, version; type, default, choices, required, help,
# metavar, dest, nargs None, '?', '*', '+' or N, const), add_argument_group,
# set_defaults, get_default, parse_args / parse_known_args (a list, or
# sys.argv[1:]), print_help, print_usage, format_help, format_usage, error,
# exit, and Namespace. A usage error prints the usage and
# "PROG: error: ..." to stderr and exits with status 2, as argparse does.
# The help text is formatted for 80 columns (argparse reads the terminal's
# width; a captured output is 80 columns too). Not supported: subparsers,
# mutually exclusive groups (add_mutually_exclusive_group adds a plain group),
# fromfile_prefix_chars, formatter classes, abbreviations of short options.
import sys

__tcc_module_scope__ = True  # no tensor code: calls run as module-scope code (trace_call.cpp Entry)

from argparse._common import SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE, ArgumentError, ArgumentTypeError
from argparse._help import format_usage as _usage_text, format_help as _help_text
from argparse._parse import parse_known as _parse_known, typed_namespace as _typed_namespace


class Namespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        return "Namespace(" + ", ".join([k + "=" + repr(v) for k, v in vars(self).items()]) + ")"

    def __eq__(self, other):
        return isinstance(other, Namespace) and vars(self) == vars(other)

    def __contains__(self, key):
        return key in vars(self)


class _Action:
    def __init__(self, option_strings, dest, kind, nargs, const, default, type, choices, required, help, metavar,
                 version):
        self.option_strings = option_strings
        self.dest = dest
        self.kind = kind
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar
        self.version = version


def _strip_dashes(s):
    i = 0
    while i < len(s) and s[i] == "-":
        i += 1
    return s[i:]


class _ArgumentGroup:
    def __init__(self, parser, title, description):
        self._parser = parser
        self.title = title
        self.description = description
        self._group_actions = []

    def add_argument(self, *args, **kwargs):
        action = self._parser._make_action(args, kwargs)
        self._group_actions.append(action)
        return action

    def add_argument_group(self, title=None, description=None):
        return self._parser.add_argument_group(title, description)

    def add_mutually_exclusive_group(self, required=False):
        return self


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=None, formatter_class=None,
                 prefix_chars="-", fromfile_prefix_chars=None, argument_default=None, conflict_handler="error",
                 add_help=True, allow_abbrev=True, exit_on_error=True):
        if prog is None:
            path = sys.argv[0]
            prog = path.split("/")[-1]
        self.prog = prog
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self.argument_default = argument_default
        self._actions = []
        self._defaults = {}
        self._positionals = _ArgumentGroup(self, "positional arguments", None)
        self._optionals = _ArgumentGroup(self, "options", None)
        self._action_groups = [self._positionals, self._optionals]
        if add_help:
            self.add_argument("-h", "--help", action="help", default=SUPPRESS,
                              help="show this help message and exit")

    def _make_action(self, args, kwargs):
        if args and args[0][:1] == "-":
            option_strings = list(args)
            longs = [s for s in option_strings if s[:2] == "--"]
            dest = kwargs.get("dest", None)
            if dest is None:
                dest = _strip_dashes(longs[0] if longs else option_strings[0]).replace("-", "_")
        else:
            option_strings = []
            if len(args) != 1:
                raise ValueError("a positional argument takes one name")
            dest = args[0]
            if "dest" in kwargs:
                raise ValueError("dest supplied twice for positional argument")
        kind = kwargs.get("action", "store")
        known = ["store", "store_true", "store_false", "store_const", "append", "count", "help", "version"]
        if kind not in known:
            raise ValueError(f"unknown action {kind!r}")
        flag = kind in ["store_true", "store_false", "store_const", "count", "help", "version"]
        nargs = 0 if flag else kwargs.get("nargs", None)
        default = kwargs.get("default", self.argument_default)
        if kind == "store_true" and "default" not in kwargs:
            default = False
        if kind == "store_false" and "default" not in kwargs:
            default = True
        if kind == "version" and "default" not in kwargs:
            default = SUPPRESS
        const = kwargs.get("const", True if kind == "store_true" else False if kind == "store_false" else None)
        if not option_strings and nargs in [OPTIONAL, ZERO_OR_MORE] and "default" not in kwargs:
            default = default if nargs == OPTIONAL else []
        required = kwargs.get("required", not option_strings and nargs not in [OPTIONAL, ZERO_OR_MORE])
        action = _Action(option_strings, SUPPRESS if kind in ["help", "version"] else dest, kind, nargs, const,
                         default, kwargs.get("type", None), kwargs.get("choices", None), required,
                         kwargs.get("help", None), kwargs.get("metavar", None), kwargs.get("version", None))
        for s in option_strings:
            for a in self._actions:
                if s in a.option_strings:
                    raise ArgumentError(action, f"conflicting option string: {s}")
        self._actions.append(action)
        return action

    def add_argument(self, *args, **kwargs):
        action = self._make_action(args, kwargs)
        group = self._optionals if action.option_strings else self._positionals
        group._group_actions.append(action)
        return action

    def add_argument_group(self, title=None, description=None):
        group = _ArgumentGroup(self, title, description)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, required=False):
        return self._optionals

    def set_defaults(self, **kwargs):
        for k, v in kwargs.items():
            self._defaults[k] = v
            for a in self._actions:
                if a.dest == k:
                    a.default = v

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest, None)

    def parse_known_args(self, args=None, namespace=None):
        from_argv = args is None  # values parsed from sys.argv are known only at run time
        if args is None:
            args = sys.argv[1:]
        target = namespace
        if namespace is None:
            namespace = Namespace()
        parsed = None
        try:
            parsed = _parse_known(self, list(args), namespace)
        except ArgumentError as err:
            self.error(str(err))
        return _typed_namespace(self, parsed[0], Namespace() if target is None else target, from_argv), parsed[1]

    def parse_args(self, args=None, namespace=None):
        namespace, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: " + " ".join(extras))
        return namespace

    def format_usage(self):
        return "usage: " + _usage_text(self) + "\n"

    def format_help(self):
        return _help_text(self)

    def print_usage(self, file=None):
        (sys.stdout if file is None else file).write(self.format_usage())

    def print_help(self, file=None):
        (sys.stdout if file is None else file).write(self.format_help())

    def exit(self, status=0, message=None):
        if message:
            sys.stderr.write(message)
        sys.exit(status)

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")
