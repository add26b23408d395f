"""Equity by brute force: every board and every deal evaluated one by one.

Slow but plain, it shares nothing with the counting kernels except the evaluator
(itself checked against published counts and other libraries).
"""

import numpy as np
from numba import njit

from assistant.cards import parse_cards
from assistant.evaluator import EvalTables, load_tables, mask_strength


@njit(cache=True)
def _outcome(values: np.ndarray, n: int, counts: np.ndarray) -> None:
    hero = values[0]
    ties = 0
    for i in range(1, n):
        if values[i] > hero:
            counts[n] += 1
            return
        ties += values[i] == hero
    counts[ties] += 1


# Not cached: numba's on-disk cache mishandles recursive functions (and so their
# callers), and loading them back crashes the process.
@njit
def _deal_random(full: int, rest: np.ndarray, values: np.ndarray, first: int, left: int,
                 used: int, n: int, counts: np.ndarray, t: EvalTables) -> None:
    """Give the remaining ``left`` opponents every ordered pair of unused cards."""
    if left == 0:
        _outcome(values, n, counts)
        return
    for a in range(rest.size):
        for b in range(a + 1, rest.size):
            hole = (1 << rest[a]) | (1 << rest[b])
            if hole & used:
                continue
            values[first] = mask_strength(full | hole, t)
            _deal_random(full, rest, values, first + 1, left - 1, used | hole, n, counts, t)


@njit
def _brute(hands: np.ndarray, board: np.ndarray, dead: int, n_random: int,
           t: EvalTables) -> np.ndarray:
    m = hands.shape[0]
    n = m + n_random
    counts = np.zeros(n + 1, np.int64)
    used = dead
    hand_masks = np.zeros(m, np.int64)
    for i in range(m):
        hand_masks[i] = (1 << hands[i, 0]) | (1 << hands[i, 1])
        used |= hand_masks[i]
    board_mask = 0
    for c in board:
        board_mask |= 1 << c
    used |= board_mask
    deck = np.array([c for c in range(52) if not (used >> c) & 1])
    missing = 5 - board.size
    values = np.empty(n, np.int64)
    index = np.arange(missing)
    while True:
        full = board_mask
        for i in range(missing):
            full |= 1 << deck[index[i]]
        for i in range(m):
            values[i] = mask_strength(full | hand_masks[i], t)
        rest = np.array([c for c in deck if not (full >> c) & 1])
        _deal_random(full, rest, values, m, n_random, 0, n, counts, t)
        i = missing - 1
        while i >= 0 and index[i] == deck.size - missing + i:
            i -= 1
        if i < 0:
            return counts
        index[i] += 1
        for j in range(i + 1, missing):
            index[j] = index[j - 1] + 1


def brute_force_counts(hands: list[str], board: str = "", dead: str = "",
                       n_random: int = 0) -> np.ndarray:
    """Outcome counts (win, split 1..n, lose) of the first hand, by brute force."""
    hand_cards = np.array([parse_cards(h) for h in hands], dtype=np.int64).reshape(-1, 2)
    dead_mask = 0
    for card in parse_cards(dead):
        dead_mask |= 1 << card
    return _brute(hand_cards, np.array(parse_cards(board), dtype=np.int64), dead_mask,
                  n_random, load_tables())
