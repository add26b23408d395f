"""Heads-up preflop counts of two known hands, read from ``tables/headsup_counts.npz``
(written by ``tables/make_headsup_table.py``).

With no card dead, the boards on which the first of two known hands wins, ties and
loses depend on the hands only up to the suits' names: renaming the suits renames
the boards one to one.  A matchup is therefore keyed by its suits' contents, each
suit a 26-bit mask (the first hand's ranks in that suit 13 bits up, the second's
below), the four sorted from largest to smallest; two suits with equal contents can
be swapped without changing the deal, so the key names exactly one matchup up to
the suits' names.  The 1,624,350 ordered matchups of two hands have 47,008 keys up
to the hands' order; the table holds those, each once, with the first hand's wins
and ties (its losses are the rest of the :data:`BOARDS`): the integers the exact
count gives, so an equity worked out from them is the same float.
"""

import functools
from collections.abc import Sequence

import numpy as np

from assistant.encoding import SUIT_BITS, suit_pattern
from assistant.table_files import read_table_file, table_metadata

Key = tuple[int, ...]
BOARDS = 1_712_304
"""The boards of five cards from the 48 that two hands leave: C(48, 5)."""


def matchup_key(first: Sequence[int], second: Sequence[int]) -> Key:
    """The key of the matchup of two hands (two card indices each) up to the suits'
    names: :func:`assistant.encoding.suit_pattern` of the deal with no card dead (each
    suit's mask holds the first hand's ranks in its high half), largest suit first.

    >>> from assistant.cards import parse_cards
    >>> matchup_key(parse_cards("AhKh"), parse_cards("QsQc")) == matchup_key(
    ...     parse_cards("AdKd"), parse_cards("QhQs"))
    True
    >>> matchup_key(parse_cards("AhKh"), parse_cards("QsQc")) == matchup_key(
    ...     parse_cards("AhKh"), parse_cards("QhQc"))
    False
    """
    return suit_pattern((first, second))[::-1]


def swapped_key(key: Key) -> Key:
    """The key of the same matchup with the two hands' order swapped."""
    low = (1 << SUIT_BITS) - 1
    return tuple(sorted(((mask & low) << SUIT_BITS | mask >> SUIT_BITS for mask in key),
                        reverse=True))


@functools.cache
def _load() -> tuple[dict[Key, int], np.ndarray, dict[str, object]]:
    data = read_table_file("headsup_counts.npz")
    index = {tuple(row): i for i, row in enumerate(data["keys"].tolist())}
    wins, ties = data["counts"].astype(np.int64).T
    counts = np.stack([wins, ties, BOARDS - wins - ties], axis=1)
    counts.setflags(write=False)
    return index, counts, table_metadata(data)


def headsup_metadata() -> dict[str, object]:
    """The metadata (generator, version, method, digest) the table file records."""
    return _load()[2]


def headsup_counts(first: Sequence[int], second: Sequence[int]) -> np.ndarray:
    """The boards (int64: wins, ties, losses of ``first``) of two disjoint hands with
    no card dead: the counts ``preflop_counts`` gives, from the table.

    >>> from assistant.cards import parse_cards
    >>> headsup_counts(parse_cards("AsAh"), parse_cards("KsKh")).sum()
    np.int64(1712304)
    """
    index, counts, _ = _load()
    key = matchup_key(first, second)
    row = index.get(key)
    if row is not None:
        return counts[row]
    win, tie, lose = counts[index[swapped_key(key)]]
    return np.array([lose, tie, win], dtype=np.int64)
