"""Hand strength and potential against one random hand (Billings et al., "effective hand
strength"), counted exactly over every opponent holding and every board to the river.

* ``strength`` (HS): how often hero is ahead now, ties counting half.
* ``positive_potential`` (PPot): of the deals where hero is behind or tied now, how
  often hero ends ahead at the river (ties counting half).
* ``negative_potential`` (NPot): of the deals where hero is ahead or tied now, how
  often hero ends behind (ties counting half).
* ``effective_strength``: ``HS * (1 - NPot) + (1 - HS) * PPot``.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel
from assistant.cards import ensure_distinct, format_cards, parse_cards
from assistant.encoding import N_CARDS
from assistant.errors import PokerInputError
from assistant.evaluator import EvalTables, load_tables, mask_strength

AHEAD, TIED, BEHIND = 0, 1, 2


@dataclass(frozen=True)
class HandStrength:
    """Hero's strength now and potential to the river against one random hand."""

    strength: float
    positive_potential: float
    negative_potential: float
    effective_strength: float


@njit(cache=True, nogil=True)
def strength_counts(hero: np.ndarray, board: np.ndarray, dead_mask: int,
                    t: EvalTables) -> tuple[np.ndarray, np.ndarray]:
    """Counts over every opponent holding and board completion.

    Returns ``now[k]``: holdings by hero's standing now (ahead, tied, behind), and
    ``later[k, j]``: (holding, completion) pairs by standing now and at the river.
    """
    hero_mask = (1 << hero[0]) | (1 << hero[1])
    board_mask = 0
    for c in board:
        board_mask |= 1 << c
    used = hero_mask | board_mask | dead_mask
    deck = np.array([c for c in range(N_CARDS) if not (used >> c) & 1])
    n = deck.size
    missing = 5 - board.size
    now = np.zeros(3, np.int64)
    later = np.zeros((3, 3), np.int64)
    # Hero's river strength for every completion, filled once: [first, second].
    hero_final = np.zeros((n, n), np.int64)
    for a in range(n if missing else 1):
        for b in range(a + 1 if missing == 2 else a, n if missing == 2 else a + 1):
            full = board_mask
            if missing >= 1:
                full |= 1 << deck[a]
            if missing == 2:
                full |= 1 << deck[b]
            hero_final[a, b] = mask_strength(full | hero_mask, t)
    hero_now = mask_strength(board_mask | hero_mask, t)
    for x in range(n):
        for y in range(x + 1, n):
            opponent = (1 << deck[x]) | (1 << deck[y])
            then = mask_strength(board_mask | opponent, t)
            standing = AHEAD if hero_now > then else (TIED if hero_now == then else BEHIND)
            now[standing] += 1
            for a in range(n if missing else 1):
                if missing and a in (x, y):
                    continue
                for b in range(a + 1 if missing == 2 else a, n if missing == 2 else a + 1):
                    if missing == 2 and b in (x, y):
                        continue
                    full = board_mask
                    if missing >= 1:
                        full |= 1 << deck[a]
                    if missing == 2:
                        full |= 1 << deck[b]
                    mine, theirs = hero_final[a, b], mask_strength(full | opponent, t)
                    final = AHEAD if mine > theirs else (TIED if mine == theirs else BEHIND)
                    later[standing, final] += 1
    return now, later


def hand_strength(hero: str, board: str, dead: str = "") -> HandStrength:
    """Hand strength and potentials of ``hero`` on a flop, turn or river.

    >>> s = hand_strength("AhKd", "Ac 7c 2d Ks 9s")  # two pair on the river: nothing to come
    >>> round(s.strength, 4), s.positive_potential, s.negative_potential
    (0.9869, 0.0, 0.0)
    """
    return hand_strength_of(parse_cards(hero), parse_cards(board), parse_cards(dead))


def hand_strength_of(hero_cards: Sequence[int], board_cards: Sequence[int],
                     dead_cards: Sequence[int] = ()) -> HandStrength:
    """:func:`hand_strength` of cards given as indices."""
    hero, board, dead = (format_cards(c) for c in (hero_cards, board_cards, dead_cards))
    if len(hero_cards) != 2:
        raise PokerInputError(f"hero holds two cards, not {len(hero_cards)} ({hero!r})")
    if len(board_cards) not in (3, 4, 5):
        raise PokerInputError(f"hand strength needs a flop, turn or river; {board!r} has"
                              f" {len(board_cards)} cards")
    ensure_distinct([*hero_cards, *board_cards, *dead_cards], f"{hero} | {board} | {dead}")
    dead_mask = sum(1 << c for c in dead_cards)
    now, later = strength_counts(np.array(hero_cards, dtype=np.int64),
                                 np.array(board_cards, dtype=np.int64), dead_mask, load_tables())
    return strength_from_counts(now, later)


def strength_from_counts(now: np.ndarray, later: np.ndarray) -> HandStrength:
    """The four figures from the counts of :func:`strength_counts` (0 where undefined).

    >>> s = strength_from_counts(np.array([6, 2, 2]), np.zeros((3, 3)))
    >>> s.strength, s.effective_strength
    (0.7, 0.7)
    """
    strength = (now[AHEAD] + now[TIED] / 2) / now.sum()
    totals = later.sum(axis=1)
    gain = later[BEHIND, AHEAD] + later[BEHIND, TIED] / 2 + later[TIED, AHEAD] / 2
    loss = later[AHEAD, BEHIND] + later[TIED, BEHIND] / 2 + later[AHEAD, TIED] / 2
    behind_weight = totals[BEHIND] + totals[TIED] / 2
    ahead_weight = totals[AHEAD] + totals[TIED] / 2
    positive = gain / behind_weight if behind_weight else 0.0
    negative = loss / ahead_weight if ahead_weight else 0.0
    effective = strength * (1 - negative) + (1 - strength) * positive
    return HandStrength(float(strength), float(positive), float(negative), float(effective))
