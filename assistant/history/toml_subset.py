"""The plain TOML of PHH files, read fast: the subset that :func:`format_table` and
pokerkit write, read to the values :mod:`tomllib` gives, or not at all.

A hand's table is a few ``key = value`` lines: strings without escapes (basic or
literal), integers, decimal numbers, booleans, times and one-level arrays of them
(``actions`` spans a line an item), under at most a ``[key]`` header per table.
Reading that with one regular expression a line, and the values of texts that recur
from hand to hand kept (:func:`_value`), takes a fifth to a third of the time of the
compiled TOML parser.  Any other text (comments, escapes, exponents, dates, inline tables, Windows
line ends, a key given twice, anything that is not valid TOML) gets ``None``, and the
caller parses it with the full parser, which reads it or says where it is wrong: this
reader only ever gives the same document faster.
"""

import datetime
import functools
import re
from decimal import Decimal

# Possessive repeats (``*+``) never give back what they took: where what follows could
# not start with it, they match the same texts with less work.
_STRING = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*+"'  # a basic string without escapes
_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*+'"  # a literal string (pokerkit writes them)
_NUMBER = r"-?(?:0|[1-9][0-9]{0,99}+)(?:\.[0-9]{1,100}+)?+(?![\w.:+-])"  # integers, decimals
_SCALAR = (rf"{_STRING}|{_LITERAL}|{_NUMBER}"
           r"|(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?![\w.:+-])"  # a time, whole seconds
           r"|true(?![\w.-])|false(?![\w.-])")
_END = r"[ \t]*(?:\n|\Z)"


def _array(item: str) -> str:
    """An array of ``item`` values (the one group), to the end of its line."""
    return (rf"(\[(?:[ \t\n]*+(?:{item})[ \t\n]*+,)*+[ \t\n]*+(?:(?:{item})[ \t\n]*+)?+\])"
            rf"{_END}")


_LINE = re.compile(
    r"[ \t]*(?:"
    rf"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:({_SCALAR}){_END}"  # a key and its value: groups 1, 2
    rf"|{_array(_STRING)}|{_array(_LITERAL)}|{_array(_NUMBER)}|{_array(_SCALAR)})"  # or 3 .. 6
    rf"|\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]{_END}"  # a table's header: group 7
    rf"|{_END})")  # a blank line
"""One line of the plain subset (an array to its end), told apart by its last group: an
array's values are strings (3), literal strings (4), numbers (5) or any scalars (6)."""
_SCALAR_VALUE, _STRINGS, _LITERALS, _NUMBERS, _ARRAY, _TABLE = range(2, 8)
_ITEM = re.compile(_SCALAR)


def read_plain_toml(text: str) -> dict[str, object] | None:
    """The document of a TOML text in the plain subset, its decimal numbers exact (as
    :func:`tomllib.loads` reads them with ``parse_float=Decimal``); ``None`` for any
    other text.

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
    match = _LINE.match
    while position < end:  # a line a match (a blank one matches empty only at the end)
        found = match(text, position)
        if found is None:
            return None
        position = found.end()
        kind = found.lastindex
        if kind is None:  # a blank line
            continue
        if kind == _TABLE:
            name = found[_TABLE]
            if name in document:
                return None  # TOML refuses it: the full parser says where
            table = document[name] = {}
            continue
        key, written = found[1], found[kind]
        if key in table:
            return None
        if kind == _STRINGS:
            # Only blanks and commas lie between the strings, which hold no quote.
            table[key] = written.split('"')[1::2]
            continue
        value = _value(written, kind)
        table[key] = list(value) if type(value) is tuple else value
    return document


@functools.lru_cache(maxsize=1 << 14)
def _value(written: str, kind: int) -> object:
    """The value of a scalar's or an array's text (``kind``: the group of :data:`_LINE`
    it matched), read once: the same texts recur from hand to hand (the blinds, the
    antes, the venue...).  An array comes as a tuple, for the caller to copy; every item
    is immutable (a string, a number, a boolean or a time)."""
    if kind == _SCALAR_VALUE:
        return _scalar(written)
    if kind == _NUMBERS:
        # Only blanks lie around the numbers' commas.
        return tuple([Decimal(item) if "." in item else int(item)
                      for item in map(str.strip, written[1:-1].split(",")) if item])
    if kind == _LITERALS:
        return tuple(written.split("'")[1::2])
    return tuple([_scalar(item) for item in _ITEM.findall(written)])


def _scalar(text: str) -> object:
    """The value of a scalar's text (one that :data:`_SCALAR` matched)."""
    first = text[0]
    if first == '"' or first == "'":
        return text[1:-1]
    if first == "t" or first == "f":
        return first == "t"
    if text[2:3] == ":":
        return datetime.time(int(text[:2]), int(text[3:5]), int(text[6:8]))
    if "." in text:
        return Decimal(text)
    return int(text)
