"""How the bots read their own cards: a preflop rank of the 169 starting-hand classes, and
a coarse postflop class (air, weak pair, top pair, two pair, strong) plus draws.

These are deliberately simple rules, written apart from any opponent model, so that the
bots are not the model playing itself.
"""

import functools
from collections.abc import Sequence
from enum import IntEnum

import numpy as np

from assistant.cards import cards_to_mask
from assistant.encoding import (
    N_RANKS,
    STRAIGHT,
    THREE_OF_A_KIND,
    card_rank,
    card_suit,
    strength_category,
)
from assistant.evaluator import evaluate
from assistant.preflop_table import class_index, load_preflop_table

ACE = N_RANKS - 1


class Made(IntEnum):
    """A postflop hand class, weakest first; hole cards must take part in it."""

    AIR = 0
    WEAK_PAIR = 1  # a pair below the top board card (or a pair made with it by the board)
    TOP_PAIR = 2  # top pair or an overpair
    TWO_PAIR = 3  # both hole cards pair the board
    STRONG = 4  # a set, trips, straight, flush or better that uses a hole card


@functools.cache
def top_fraction() -> np.ndarray:
    """For each of the 169 classes, the share of the 1,326 combinations that are at least
    as strong, ranked by the exact equity against one random hand (float64, (169,)).

    >>> top = top_fraction()
    >>> round(float(top.min()), 5), float(top.max())
    (0.00452, 1.0)
    """
    strength = load_preflop_table().equity[:, 0]
    rows, columns = np.divmod(np.arange(N_RANKS * N_RANKS), N_RANKS)
    combos = np.where(rows == columns, 6, np.where(rows < columns, 4, 12))
    order = np.argsort(-strength, kind="stable")
    fraction = np.empty(len(order))
    fraction[order] = np.cumsum(combos[order]) / combos.sum()
    return fraction


def in_top(hole: Sequence[int], share: float) -> bool:
    """Whether a two-card hand is among the best ``share`` of starting hands.

    >>> from assistant.cards import parse_cards
    >>> in_top(parse_cards("AsAh"), 0.01), in_top(parse_cards("7c2d"), 0.5)
    (True, False)
    """
    return bool(top_fraction()[class_index(hole)] <= share)


def made_hand(hole: Sequence[int], board: Sequence[int]) -> Made:
    """The class of a hand on a flop, turn or river.

    >>> from assistant.cards import parse_cards as p
    >>> [made_hand(p(h), p("Ks 7d 2c")).name for h in ("AhQh", "Kh3c", "QcQd", "7h2h", "7c7h")]
    ['AIR', 'TOP_PAIR', 'WEAK_PAIR', 'TWO_PAIR', 'STRONG']
    """
    board_ranks = [card_rank(c) for c in board]
    hole_ranks = [card_rank(c) for c in hole]
    category = strength_category(evaluate(cards_to_mask([*hole, *board])))
    # The board alone never holds five cards before the river; on the river the hole
    # cards must improve on the board's own hand.
    if category >= STRAIGHT and (
            len(board) < 5 or category > strength_category(evaluate(cards_to_mask(board)))):
        return Made.STRONG
    counts = [board_ranks.count(r) + hole_ranks.count(r) for r in hole_ranks]
    if category >= THREE_OF_A_KIND and max(counts) >= 3:
        return Made.STRONG
    paired = [r for r in hole_ranks if r in board_ranks]
    if len(set(paired)) == 2:
        return Made.TWO_PAIR
    pocket = hole_ranks[0] == hole_ranks[1]
    if (pocket and hole_ranks[0] > max(board_ranks)) or max(board_ranks) in paired:
        return Made.TOP_PAIR
    return Made.WEAK_PAIR if paired or pocket else Made.AIR


def has_draw(hole: Sequence[int], board: Sequence[int]) -> bool:
    """A flush draw or an open-ended straight draw that uses a hole card, before the river.

    >>> from assistant.cards import parse_cards as p
    >>> has_draw(p("AhQh"), p("Kh 7h 2c")), has_draw(p("9c8d"), p("Ts 7d 2c"))
    (True, True)
    >>> has_draw(p("9c8d"), p("Ts 7d 2c 3h 4h")), has_draw(p("Ac2d"), p("Ks Qd Jc"))
    (False, False)
    """
    if len(board) >= 5:
        return False
    cards = [*hole, *board]
    for suit in {card_suit(c) for c in hole}:
        if sum(card_suit(c) == suit for c in cards) >= 4:
            return True
    ranks = {card_rank(c) for c in cards}
    hole_ranks = {card_rank(c) for c in hole}
    # Four in a row that a rank above and one below would complete (so not up to the ace;
    # 2345 takes the ace or the six).
    for low in range(N_RANKS - 4):
        run = set(range(low, low + 4))
        if run <= ranks and run & hole_ranks:
            return True
    return False
