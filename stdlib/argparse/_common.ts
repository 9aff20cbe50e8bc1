# argparse's shared names (stdlib/argparse.ts): constants, errors, and how
# an argument is named in messages.

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"


class ArgumentError(Exception):
    def __init__(self, argument, message):
        super().__init__(message)
        self.argument_name = None if argument is None else _display_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return f"argument {self.argument_name}: {self.message}"


class ArgumentTypeError(Exception):
    pass


def _display_name(action):
    if action.option_strings:
        return "/".join(action.option_strings)
    if action.metavar is not None:
        return action.metavar
    return action.dest


def _is_negative_number(s):
    if len(s) < 2 or s[0] != "-":
        return False
    digits = s[1:]  # argparse's '^-\d+$|^-\d*\.\d+$'
    dots = len([c for c in digits if c == "."])
    if dots > 1 or digits[-1] == ".":
        return False
    return all([c in "0123456789." for c in digits])
