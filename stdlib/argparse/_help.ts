# argparse's help text (stdlib/argparse.ts): Python 3.11's HelpFormatter
# for 80 columns (its width is the terminal's minus 2: 78), its usage line
# (wrapped as _format_usage wraps it), sections, invocations and %-expansion
# of help strings.
from argparse._common import SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE

_WIDTH = 78
_MAX_HELP_POSITION = 24


def _wrap(text, width):  # textwrap.wrap of whitespace-collapsed text (words kept whole)
    lines = []
    line = ""
    for w in text.split():
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = w if not line else line + " " + w
    if line:
        lines.append(line)
    return lines


def _metavar(action, default):
    if action.metavar is not None:
        return action.metavar
    if action.choices is not None:
        return "{" + ",".join([str(c) for c in action.choices]) + "}"
    return default


def format_args(action, default):
    m = _metavar(action, default)
    if action.nargs is None:
        return m
    if action.nargs == OPTIONAL:
        return f"[{m}]"
    if action.nargs == ZERO_OR_MORE:
        return f"[{m} ...]"
    if action.nargs == ONE_OR_MORE:
        return f"{m} [{m} ...]"
    return " ".join([m] * action.nargs)


def _invocation(action):
    if not action.option_strings:
        return _metavar(action, action.dest)
    if action.nargs == 0:
        return ", ".join(action.option_strings)
    args = format_args(action, action.dest.upper())
    return ", ".join([s + " " + args for s in action.option_strings])


def _usage_part(action):
    if not action.option_strings:
        return format_args(action, action.dest)
    part = action.option_strings[0]
    if action.nargs != 0:
        part += " " + format_args(action, action.dest.upper())
    return part if action.required else "[" + part + "]"


def _lines(parts, indent, text_width, prefix=None):  # argparse's get_lines
    groups = [[]]
    line_len = len(prefix) - 1 if prefix is not None else len(indent) - 1
    for part in parts:
        if line_len + 1 + len(part) > text_width and groups[-1]:
            groups.append([])
            line_len = len(indent) - 1
        groups[-1].append(part)
        line_len += len(part) + 1
    first = "" if prefix is not None else indent  # the first line follows the prefix
    return [(first if k == 0 else indent) + " ".join(g) for k, g in enumerate(groups) if g]


def format_usage(parser):  # the usage line, without "usage: "
    if parser.usage is not None:
        return parser.usage.replace("%(prog)s", parser.prog)
    prefix = "usage: "
    optionals = [_usage_part(a) for a in parser._actions if a.option_strings and a.help != SUPPRESS]
    positionals = [_usage_part(a) for a in parser._actions if not a.option_strings and a.help != SUPPRESS]
    usage = " ".join([parser.prog] + optionals + positionals)
    if len(prefix) + len(usage) <= _WIDTH:
        return usage
    if len(prefix) + len(parser.prog) <= 0.75 * _WIDTH:
        indent = " " * (len(prefix) + len(parser.prog) + 1)
        if optionals:
            lines = _lines([parser.prog] + optionals, indent, _WIDTH, prefix)
            lines.extend(_lines(positionals, indent, _WIDTH))
        else:
            lines = _lines([parser.prog] + positionals, indent, _WIDTH, prefix)
    else:
        indent = " " * len(prefix)
        lines = _lines(optionals + positionals, indent, _WIDTH)
        lines = [parser.prog] + lines
    return "\n".join(lines)


def _expand(action, prog):  # help % dict(vars(action), prog=prog)
    text = action.help
    names = {"prog": prog, "default": action.default, "dest": action.dest, "type": action.type,
             "const": action.const, "metavar": action.metavar, "nargs": action.nargs, "required": action.required,
             "choices": None if action.choices is None else ", ".join([str(c) for c in action.choices])}
    for k, v in names.items():
        if k == "type" and v is not None:
            v = v.__name__
        text = text.replace("%(" + k + ")s", str(v)).replace("%(" + k + ")r", repr(v))
    return text.replace("%%", "%")


def _format_action(action, prog, help_position):
    help_width = max(_WIDTH - help_position, 11)
    action_width = help_position - 2 - 2
    header = _invocation(action)
    indent_first = 0
    if not action.help:
        return "  " + header + "\n"
    if len(header) <= action_width:
        out = "  " + header + " " * (action_width - len(header)) + "  "
    else:
        out = "  " + header + "\n"
        indent_first = help_position
    lines = _wrap(_expand(action, prog), help_width)
    if not lines:
        return out if out.endswith("\n") else out + "\n"
    out += " " * indent_first + lines[0] + "\n"
    for line in lines[1:]:
        out += " " * help_position + line + "\n"
    return out


def format_help(parser):
    shown = [a for a in parser._actions if a.help != SUPPRESS]
    longest = max([len(_invocation(a)) + 2 for a in shown] + [0])
    help_position = min(longest + 2, _MAX_HELP_POSITION)
    out = "usage: " + format_usage(parser) + "\n\n"
    if parser.description:
        out += "\n".join(_wrap(parser.description.replace("%(prog)s", parser.prog), _WIDTH)) + "\n\n"
    for group in parser._action_groups:
        actions = [a for a in group._group_actions if a.help != SUPPRESS]
        if not actions and not group.description:
            continue
        out += "\n" + (group.title + ":\n" if group.title else "")
        if group.description:
            out += "  " + "\n  ".join(_wrap(group.description, _WIDTH - 4)) + "\n\n"
        for a in actions:
            out += _format_action(a, parser.prog, help_position)
        out += "\n"
    if parser.epilog:
        out += "\n".join(_wrap(parser.epilog.replace("%(prog)s", parser.prog), _WIDTH)) + "\n\n"
    while "\n\n\n" in out:
        out = out.replace("\n\n\n", "\n\n")
    while out.endswith("\n"):
        out = out[:-1]
    return out + "\n"
