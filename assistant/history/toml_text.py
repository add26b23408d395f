"""TOML text for PHH files: the small subset of TOML that a hand history needs.

Python reads TOML with :mod:`tomllib` but has no writer, and a PHH file uses only
key/value pairs, arrays, inline tables, strings, numbers, booleans and times, so a
page of code here replaces a dependency.  :func:`format_value` writes every value that
:mod:`tomllib` returns in a form it reads back equal (``nan`` apart, which is never
equal), and :class:`~decimal.Decimal` amounts exactly as given.
"""

import datetime
import math
import re
from collections.abc import Mapping
from decimal import Decimal

from assistant.errors import PokerInputError

LINE_LENGTH = 100
"""An array longer than this on one line is written one item a line."""

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def format_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped.

    >>> print(format_string('Phil "the Brat" \\\\ Hellmuth'))
    "Phil \\"the Brat\\" \\\\ Hellmuth"
    """
    parts = ['"']
    for char in text:
        code = ord(char)
        if char in _ESCAPES:
            parts.append(_ESCAPES[char])
        elif code < 0x20 or code == 0x7F:
            parts.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            raise PokerInputError(f"{text!r} holds a lone surrogate, which TOML cannot write")
        else:
            parts.append(char)
    parts.append('"')
    return "".join(parts)


def format_key(key: str) -> str:
    """A key, bare where TOML allows it, else quoted.

    >>> format_key("starting_stacks"), format_key("hand 2")
    ('starting_stacks', '"hand 2"')
    """
    return key if _BARE_KEY.fullmatch(key) else format_string(key)


def format_value(value: object, indent: str = "", inline: bool = False) -> str:
    """One TOML value.  A long array is written one item a line, indented by
    ``indent`` plus two spaces, unless ``inline`` (inside an inline table, which TOML
    keeps on one line).

    >>> format_value([Decimal("0.05"), 2, 1.5, math.inf, True])
    '[0.05, 2, 1.5, inf, true]'
    >>> format_value({"a": datetime.time(7, 47, 13)})
    '{a = 07:47:13}'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise PokerInputError(f"{value!r} is not a finite amount")
        return format(value, "f")
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return repr(value)
    if isinstance(value, str):
        return format_string(value)
    if isinstance(value, datetime.date | datetime.time):  # datetime is a date
        return value.isoformat()
    if isinstance(value, list | tuple):
        items = [format_value(item, indent + "  ", inline) for item in value]
        one_line = "[" + ", ".join(items) + "]"
        if inline or (len(indent) + len(one_line) <= LINE_LENGTH and "\n" not in one_line):
            return one_line
        inner = indent + "  "
        return "[\n" + "".join(f"{inner}{item},\n" for item in items) + indent + "]"
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{format_key(str(key))} = {format_value(item, inline=True)}"
                          for key, item in value.items())
        return "{" + pairs + "}"
    raise PokerInputError(f"{value!r} cannot be written as TOML")


def format_table(fields: Mapping[str, object]) -> str:
    """Key/value lines of one table, one pair a line, in the order given.

    >>> print(format_table({"variant": "NT", "min_bet": 2}), end="")
    variant = "NT"
    min_bet = 2
    """
    return "".join(f"{format_key(key)} = {format_value(value)}\n"
                   for key, value in fields.items())
