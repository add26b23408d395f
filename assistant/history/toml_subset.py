"""The plain TOML of PHH files, read fast: the subset that :func:`format_table` and
pokerkit write, read to the values :mod:`tomllib` gives, or not at all.

A hand's table is a few ``key = value`` lines: strings without escapes (basic or
literal), integers, decimal numbers, booleans, times and one-level arrays of them
(``actions`` spans a line an item), under at most a ``[key]`` header per table.
Reading that with a few regular expressions takes half the time of the compiled TOML
parser.  Any other text (comments, escapes, exponents, dates, inline tables, Windows
line ends, a key given twice, anything that is not valid TOML) gets ``None``, and the
caller parses it with the full parser, which reads it or says where it is wrong: this
reader only ever gives the same document faster.
"""

import datetime
import re
from collections.abc import Callable
from decimal import Decimal

_STRING = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'  # a basic string without escapes
_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"  # a literal string (pokerkit writes them)
_NUMBER = r"-?(?:0|[1-9][0-9]{0,99})(?:\.[0-9]{1,100})?(?![\w.:+-])"  # integers, decimals
_SCALAR = (rf"{_STRING}|{_LITERAL}|{_NUMBER}"
           r"|(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?![\w.:+-])"  # a time, whole seconds
           r"|true(?![\w.-])|false(?![\w.-])")
_END = r"[ \t]*(?:\n|\Z)"


def _array(item: str) -> re.Pattern[str]:
    """An array of ``item`` values (the one group), to the end of its line."""
    return re.compile(
        rf"(\[(?:[ \t\n]*(?:{item})[ \t\n]*,)*[ \t\n]*(?:(?:{item})[ \t\n]*)?\]){_END}")


_PAIR = re.compile(rf"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:({_SCALAR}){_END}|(?=\[))")
"""A key and its value, or the key of an array."""
_STRINGS = _array(_STRING)
_LITERALS = _array(_LITERAL)
_NUMBERS = _array(_NUMBER)
_ARRAY = _array(_SCALAR)
_TABLE = re.compile(rf"[ \t]*\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]{_END}")
_BLANK = re.compile(_END)
_ITEM = re.compile(_SCALAR)


def read_plain_toml(text: str, parse_float: Callable[[str], object] = Decimal
                    ) -> dict[str, object] | None:
    """The document of a TOML text in the plain subset, its decimal numbers read by
    ``parse_float`` (as :func:`tomllib.loads` does); ``None`` for any other text.

    >>> read_plain_toml('[1]\\nmin_bet = 1.00\\nactions = [\\n  "p1 cc",\\n]\\n')
    {'1': {'min_bet': Decimal('1.00'), 'actions': ['p1 cc']}}
    >>> read_plain_toml("a = 1 # a comment\\n") is None
    True
    """
    if "\r" in text:  # Windows line ends: left to the full parser
        return None
    document: dict[str, object] = {}
    table = document
    position, end = 0, len(text)
    while position < end:
        found = _PAIR.match(text, position)
        if found is None:
            found = _TABLE.match(text, position)
            if found is not None:
                name = found[1]
                if name in document:
                    return None  # TOML refuses it: the full parser says where
                table = document[name] = {}
            else:
                found = _BLANK.match(text, position)
                if found is None or found.end() == position:
                    return None
            position = found.end()
            continue
        key, scalar = found[1], found[2]
        if key in table:
            return None
        position = found.end()
        value: object
        if scalar is not None:
            value = _scalar(scalar, parse_float)
        elif (found := _STRINGS.match(text, position)) is not None:
            # Only blanks and commas lie between the strings, which hold no quote.
            value = found[1].split('"')[1::2]
        elif (found := _LITERALS.match(text, position)) is not None:
            value = found[1].split("'")[1::2]
        elif (found := _NUMBERS.match(text, position)) is not None:
            # Only blanks lie around the numbers' commas.
            value = [parse_float(item) if "." in item else int(item)
                     for item in map(str.strip, found[1][1:-1].split(",")) if item]
        elif (found := _ARRAY.match(text, position)) is not None:
            value = [_scalar(item, parse_float) for item in _ITEM.findall(found[1])]
        else:
            return None
        table[key] = value
        if scalar is None:
            position = found.end()
    return document


def _scalar(text: str, parse_float: Callable[[str], object]) -> object:
    """The value of a scalar's text (one that :data:`_SCALAR` matched)."""
    first = text[0]
    if first == '"' or first == "'":
        return text[1:-1]
    if first == "t" or first == "f":
        return first == "t"
    if text[2:3] == ":":
        return datetime.time(int(text[:2]), int(text[3:5]), int(text[6:8]))
    if "." in text:
        return parse_float(text)
    return int(text)

