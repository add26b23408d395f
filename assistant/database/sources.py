"""Hand history files cut into the text of each hand, for the importer and the watcher.

A PokerStars file's hands each start on a line beginning ``PokerStars``; a PHH file of
several hands (``.phhs``) has a ``[key]`` table each; a PHH file without tables is one
hand.  Each piece is kept as the hand's source text and read on its own.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from assistant.errors import PokerInputError

HAND_SUFFIXES = frozenset({".txt", ".phh", ".phhs"})
"""The files of a folder that are read as hand histories."""
MAX_FILE_BYTES = 1 << 30
MAX_HAND_CHARS = 100_000
"""A hand's text longer than this is refused: no real hand comes near it."""

_START = re.compile(r"^(?:\ufeff?PokerStars|\[[^\].\n]+\][ \t\r]*$)", re.MULTILINE)


@dataclass(frozen=True)
class HandText:
    """One hand's source text, starting at ``line`` (1-based) of its file."""

    line: int
    text: str


def split_hands(text: str) -> list[HandText]:
    """The text of each hand in a file's text, in order; text before the first hand
    (comments, a byte-order mark) is not a hand.

    >>> [(piece.line, piece.text) for piece in split_hands("# hi\\n[1]\\na = 1\\n[2]\\nb = 2\\n")]
    [(2, '[1]\\na = 1\\n'), (4, '[2]\\nb = 2\\n')]
    >>> split_hands("variant = 'NT'\\n")
    [HandText(line=1, text="variant = 'NT'\\n")]
    """
    starts = [match.start() for match in _START.finditer(text)]
    if not starts:
        return [HandText(1, text)] if text.strip() else []
    line = text.count("\n", 0, starts[0]) + 1
    pieces = []
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        pieces.append(HandText(line, text[start:end]))
        line += text.count("\n", start, end)
    return pieces


def complete_length(text: str) -> int:
    """How much of the text of a file still being written holds whole hands: up to
    the last hand's start, or all of it when it ends with a blank line (a poker client
    writes each hand whole, then a blank line).

    >>> complete_length("PokerStars Hand #1: ...\\nend\\n\\nPokerStars Hand #2: ...")
    29
    >>> complete_length("PokerStars Hand #1: ...\\nend\\n\\nPokerStars Hand #2: ...\\n")
    29
    >>> complete_length("PokerStars Hand #1: ...\\nend\\n\\n")
    29
    """
    if re.search(r"\n[ \t\r]*\n[ \t\r]*\Z", text):
        return len(text)
    starts = [match.start() for match in _START.finditer(text)]
    return starts[-1] if starts else 0


def hand_files(paths: list[str]) -> Iterator[Path]:
    """The files named, and the hand history files in the folders named (recursively,
    sorted).  Raises :class:`PokerInputError` for a path that does not exist."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from sorted(found for found in path.rglob("*")
                              if found.suffix.lower() in HAND_SUFFIXES and found.is_file())
        elif path.is_file():
            yield path
        else:
            raise PokerInputError(f"{name!r} is not a file or a folder")
