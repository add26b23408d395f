"""Hand files: PHH read and written, PokerStars hand histories imported, and the replay
of a hand with the advice at each of one player's decisions.

:func:`load_hands` reads either format; every hand is played through
:class:`assistant.hand.Hand`, so every action is checked, and a hand that breaks the
rules or the format is reported (file, hand, line, what) without stopping the others.
"""

from pathlib import Path

from assistant.errors import PokerInputError
from assistant.history.phh import format_phh, read_phh, save_phh
from assistant.history.pokerstars import read_pokerstars
from assistant.history.record import (
    HandError,
    HandFile,
    HandRecord,
    finishing_stacks,
    make_record,
    play,
)

__all__ = [
    "HandError",
    "HandFile",
    "HandRecord",
    "finishing_stacks",
    "format_phh",
    "load_hands",
    "make_record",
    "play",
    "read_hands",
    "read_phh",
    "read_pokerstars",
    "save_phh",
]


def read_hands(text: str, path: str = "<text>") -> HandFile:
    """The hands of a file's text, PokerStars or PHH, told apart by how it starts."""
    start = text.removeprefix("\ufeff").lstrip()
    if start.startswith("PokerStars"):
        return read_pokerstars(text, path)
    return read_phh(text, path)


def load_hands(path: str | Path) -> HandFile:
    """The hands of a file.  Raises :class:`PokerInputError` when the file cannot be
    read as UTF-8 text or holds no hand at all; a bad hand is one of its errors."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise PokerInputError(f"cannot read {str(path)!r}: {error.strerror}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise PokerInputError(f"{str(path)!r} is not UTF-8 text (byte {error.start})") from None
    hands = read_hands(text, str(path))
    if not hands.entries:
        raise PokerInputError(f"{str(path)!r} holds no hand")
    return hands
