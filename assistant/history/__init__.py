"""Hand files: PHH read and written, PokerStars hand histories imported, and the replay
of a hand with the advice at each of one player's decisions.

:func:`load_hands` reads either format (:func:`iter_hands` streams it, with progress
and a stop); every hand is played through
:class:`assistant.hand.Hand`, so every action is checked, and a hand that breaks the
rules or the format is reported (file, hand, line, what) without stopping the others.
"""

from assistant.atomic_file import remove_stale_temporaries
from assistant.history.files import MAX_FILE_BYTES, iter_hands, load_hands, read_hands
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
    "MAX_FILE_BYTES",
    "HandError",
    "HandFile",
    "HandRecord",
    "finishing_stacks",
    "format_phh",
    "iter_hands",
    "load_hands",
    "make_record",
    "play",
    "read_hands",
    "read_phh",
    "read_pokerstars",
    "remove_stale_temporaries",
    "save_phh",
]
