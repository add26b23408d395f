"""A range seen as the 13 x 13 grid of starting-hand classes, and edited a class at a time.

A range is a float64 ``(1326,)`` array of combo weights in [0, 1] (numbered as in
:mod:`assistant.combos`).  Its grid view is a float64 ``(13, 13)`` array in the layout of
:mod:`assistant.preflop_table` (pairs on the diagonal, suited hands above it): each cell
holds the mean weight of the class's combos that card removal leaves alive, or NaN when
the dead cards kill every combo of the class.
"""

import numpy as np

from assistant.combos import COMBO_CLASS, N_COMBOS, live_combos
from assistant.encoding import N_RANKS
from assistant.errors import PokerInputError

N_CLASSES = N_RANKS * N_RANKS


def check_weights(weights: np.ndarray) -> np.ndarray:
    """``weights`` as a float64 ``(1326,)`` array, if every weight is in [0, 1].

    >>> check_weights(np.zeros(3))
    Traceback (most recent call last):
    ...
    assistant.errors.PokerInputError: a range needs 1326 combo weights, got an array of shape (3,)
    """
    out = np.asarray(weights, dtype=np.float64)
    if out.shape != (N_COMBOS,):
        raise PokerInputError(f"a range needs {N_COMBOS} combo weights, got an array of shape"
                              f" {out.shape}")
    bad = np.flatnonzero(~((out >= 0.0) & (out <= 1.0)))
    if bad.size:
        raise PokerInputError(f"weight {out[bad[0]]!r} of combo {int(bad[0])} is not in [0, 1]")
    return out


def live_class_counts(dead_mask: int) -> np.ndarray:
    """int64 ``(13, 13)``: how many combos of each class use none of the dead cards.

    >>> counts = live_class_counts(0)
    >>> int(counts[0, 0]), int(counts[0, 1]), int(counts[1, 0])  # AA, AKs, AKo
    (6, 4, 12)
    """
    live = live_combos(dead_mask)
    return np.bincount(COMBO_CLASS[live], minlength=N_CLASSES).reshape(N_RANKS, N_RANKS)


def class_weights(weights: np.ndarray, dead_mask: int = 0) -> np.ndarray:
    """float64 ``(13, 13)``: each class's mean weight over its live combos (NaN if none).

    >>> w = np.zeros(1326); w[COMBO_CLASS == 1] = 1.0; w[COMBO_CLASS == 0] = 0.5
    >>> grid = class_weights(w)
    >>> float(grid[0, 0]), float(grid[0, 1]), float(grid[1, 0])
    (0.5, 1.0, 0.0)
    """
    weights = check_weights(weights)
    live = live_combos(dead_mask)
    totals = np.bincount(COMBO_CLASS[live], weights=weights[live], minlength=N_CLASSES)
    counts = live_class_counts(dead_mask).ravel()
    out = np.full(N_CLASSES, np.nan)
    np.divide(totals, counts, out=out, where=counts > 0)
    return out.reshape(N_RANKS, N_RANKS)


def set_class(weights: np.ndarray, cell: tuple[int, int], weight: float) -> np.ndarray:
    """A copy of ``weights`` with every combo of the class in grid ``cell`` (row, column)
    set to ``weight``.

    Dead combos are set too, so the class keeps its weight if the dead cards change.

    >>> w = set_class(np.zeros(1326), (0, 0), 0.25)
    >>> float(w.sum()), float(class_weights(w)[0, 0])
    (1.5, 0.25)
    """
    out = check_weights(weights).copy()
    row, column = cell
    if not (0 <= row < N_RANKS and 0 <= column < N_RANKS):
        raise PokerInputError(f"cell {cell!r} is not in the 13 x 13 grid")
    if not 0.0 <= weight <= 1.0:
        raise PokerInputError(f"weight {weight!r} is not in [0, 1]")
    out[np.equal(COMBO_CLASS, row * N_RANKS + column)] = weight
    return out


def range_size(weights: np.ndarray, dead_mask: int = 0) -> tuple[float, float]:
    """The weighted number of live combos of a range and its share of all 1,326 combos.

    >>> w = np.zeros(1326); w[COMBO_CLASS == 0] = 1.0
    >>> combos, share = range_size(w)
    >>> combos, round(share, 5)
    (6.0, 0.00452)
    """
    live = live_combos(dead_mask)
    combos = float(check_weights(weights)[live].sum())
    return combos, combos / N_COMBOS
