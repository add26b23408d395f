"""The 1,326 two-card combos, indexed once for every range, prior and equity vector.

A combo is a pair of distinct cards ``(low, high)`` with ``low < high`` (card indices of
:mod:`assistant.encoding`).  Combos are numbered ``0..1325`` in lexicographic order of
``(low, high)``, so a per-combo quantity (a range's weights, an opponent's likelihood,
hero's equity against each holding) is a float64 numpy array of shape ``(N_COMBOS,)``.

``COMBO_CARDS[i]`` holds the two cards of combo ``i``, ``COMBO_MASKS[i]`` their 64-bit
mask and ``COMBO_CLASS[i]`` the grid index of its starting-hand class (the 13 x 13
layout of :mod:`assistant.preflop_table`: pairs on the diagonal, suited above it).
"""

from typing import Final

import numpy as np

from assistant.encoding import N_CARDS, N_RANKS, card_rank, card_suit

N_COMBOS: Final = N_CARDS * (N_CARDS - 1) // 2


def _combo_cards() -> np.ndarray:
    low, high = np.triu_indices(N_CARDS, k=1)
    return np.stack([low, high], axis=1).astype(np.int64)


COMBO_CARDS: Final = _combo_cards()
"""int64 (1326, 2): the two cards of each combo, lower card first."""
COMBO_CARDS.setflags(write=False)

COMBO_MASKS: Final = (np.uint64(1) << COMBO_CARDS[:, 0].astype(np.uint64)) | (
    np.uint64(1) << COMBO_CARDS[:, 1].astype(np.uint64))
"""uint64 (1326,): the card mask of each combo."""
COMBO_MASKS.setflags(write=False)


def _combo_classes() -> np.ndarray:
    classes = np.empty(N_COMBOS, dtype=np.int64)
    for i, (first, second) in enumerate(COMBO_CARDS.tolist()):
        high, low = sorted((card_rank(first), card_rank(second)), reverse=True)
        row, column = N_RANKS - 1 - high, N_RANKS - 1 - low
        suited = card_suit(first) == card_suit(second)
        classes[i] = row * N_RANKS + column if suited else column * N_RANKS + row
    return classes


COMBO_CLASS: Final = _combo_classes()
"""int64 (1326,): the 13 x 13 grid index (row * 13 + column) of each combo's class."""
COMBO_CLASS.setflags(write=False)


def combo_index(first: int, second: int) -> int:
    """The index of the combo of two distinct cards, in either order.

    >>> from assistant.cards import parse_cards
    >>> combo_index(0, 1), combo_index(1, 0), combo_index(50, 51)
    (0, 0, 1325)
    >>> COMBO_CARDS[combo_index(*parse_cards("As Kd"))].tolist() == sorted(parse_cards("AsKd"))
    True
    """
    low, high = (first, second) if first < second else (second, first)
    if not 0 <= low < high < N_CARDS:
        raise ValueError(f"({first}, {second}) is not a pair of distinct cards")
    # Combos before row ``low``: sum over l < low of (N_CARDS - 1 - l).
    return low * (2 * N_CARDS - low - 1) // 2 + (high - low - 1)


def live_combos(dead_mask: int) -> np.ndarray:
    """A bool (1326,) array: the combos that use none of the cards in ``dead_mask``.

    >>> int(live_combos(0).sum()), int(live_combos(0b11).sum())
    (1326, 1225)
    """
    return (COMBO_MASKS & np.uint64(dead_mask)) == 0
