"""The preflop table: hero's outcome odds for every starting hand against 1 to 9
random opponents, read from ``tables/preflop_equity.npz`` (written by
``tables/make_preflop_table.py``).

Starting hands fall into 169 classes (pairs, suited and offsuit hands), laid out
as the usual 13 x 13 grid with aces first: row ``i`` and column ``j`` name the
ranks ``A - i`` and ``A - j``; the diagonal holds the pairs, the upper triangle the
suited hands and the lower triangle the offsuit ones.
"""

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from assistant.encoding import N_RANKS, RANKS, card_index, card_rank, card_suit
from assistant.table_files import read_table_file, table_metadata


def class_name(row: int, column: int) -> str:
    """The name of the class in a grid cell.

    >>> class_name(0, 0), class_name(0, 1), class_name(1, 0), class_name(12, 11)
    ('AA', 'AKs', 'AKo', '32o')
    """
    high, low = RANKS[N_RANKS - 1 - min(row, column)], RANKS[N_RANKS - 1 - max(row, column)]
    if row == column:
        return high + low
    return high + low + ("s" if row < column else "o")


CLASS_NAMES = tuple(class_name(row, column) for row in range(N_RANKS) for column in range(N_RANKS))


def class_index(cards: Sequence[int]) -> int:
    """The grid index (row * 13 + column) of the class of a two-card hand.

    >>> from assistant.cards import parse_cards
    >>> [CLASS_NAMES[class_index(parse_cards(text))] for text in ("Kd As", "7h2h")]
    ['AKo', '72s']
    """
    first, second = cards
    high, low = sorted((card_rank(first), card_rank(second)), reverse=True)
    row, column = N_RANKS - 1 - high, N_RANKS - 1 - low
    if card_suit(first) == card_suit(second):
        return row * N_RANKS + column
    return column * N_RANKS + row


def class_hand(index: int) -> list[int]:
    """A hand of the class at a grid index (clubs, and diamonds for the second card
    unless suited).

    >>> from assistant.cards import format_cards
    >>> format_cards(class_hand(1)), format_cards(class_hand(13)), format_cards(class_hand(0))
    ('AcKc', 'AcKd', 'AcAd')
    """
    row, column = divmod(index, N_RANKS)
    high, low = N_RANKS - 1 - min(row, column), N_RANKS - 1 - max(row, column)
    return [card_index(high, 0), card_index(low, 0 if row < column else 1)]


@dataclass(frozen=True)
class PreflopTable:
    """Outcome odds by class (169) and opponent count (1 to 9).

    ``outcomes[c, n - 1, :n + 2]`` holds win, the n split probabilities and lose;
    ``stderr[c, n - 1]`` the standard error of the equity (0 where exact).
    """

    outcomes: np.ndarray  # float64 (169, 9, 11)
    equity: np.ndarray  # float64 (169, 9)
    stderr: np.ndarray  # float64 (169, 9)
    exact: np.ndarray  # bool (169, 9)
    trials: np.ndarray  # int64 (169, 9)
    metadata: dict[str, object]


@functools.cache
def load_preflop_table() -> PreflopTable:
    """The preflop table, read once from the package's ``tables`` data."""
    data = read_table_file("preflop_equity.npz")
    return PreflopTable(outcomes=data["outcomes"], equity=data["equity"], stderr=data["stderr"],
                        exact=data["exact"], trials=data["trials"],
                        metadata=table_metadata(data))
