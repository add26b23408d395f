"""A range broken down on a board, as Flopzilla does: the share of each made hand and draw,
and hero's equity against each.

Every live combo (no card of the board, hero or the dead cards) falls in exactly one made
class, from its best five cards with the board (:data:`MADE_CLASSES`):

* straight flush, quads, full house, flush, straight: the evaluator's category;
* **set**: a pocket pair that matches a board card; **trips**: any other three of a kind
  (one hole card with a paired board, or trips on the board);
* **two pair**: the evaluator's two pair, board pairs included;
* one pair: **overpair** (a pocket pair above every board card), **top / middle pair**
  (a hole card matches the highest / second-highest board rank), **weak pair / underpair**
  (a hole card matches a lower board rank, or a pocket pair below the top board card);
* **high card**: no pair of the combo's own (a pair on the board alone counts here).

Draws (:data:`DRAW_CLASSES`) are counted apart, on the flop and turn, for combos without a
straight or better, so a top pair with a flush draw is in both lists:

* **flush draw**: four cards of a suit, at least one of them a hole card;
* **open-ended straight draw**: two or more ranks complete a straight that the board alone
  would not make (open-enders and double gutshots, eight outs);
* **gutshot**: exactly one such rank;
* **backdoor flush draw** (flop only): three cards of a suit, one or two of them hole
  cards, and no flush draw.
"""

from dataclasses import dataclass

import numpy as np

from assistant.cards import mask_to_cards
from assistant.combos import COMBO_CARDS, COMBO_MASKS, N_COMBOS, live_combos
from assistant.encoding import (
    CATEGORY_SHIFT,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    N_RANKS,
    N_SUITS,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUIT_BITS,
    SUIT_MASK,
    THREE_OF_A_KIND,
    TWO_PAIR,
    card_rank,
)
from assistant.errors import PokerInputError
from assistant.range_view import check_weights

MADE_CLASSES = ("straight flush", "quads", "full house", "flush", "straight", "set", "trips",
                "two pair", "overpair", "top pair", "middle pair", "weak pair / underpair",
                "high card")
"""The made classes, best first."""
DRAW_CLASSES = ("flush draw", "open-ended straight draw", "gutshot", "backdoor flush draw")
"""The draws, counted apart from the made classes."""
DEAD = -1
"""The made class of a combo that card removal kills."""

_BY_CATEGORY = {STRAIGHT_FLUSH: 0, FOUR_OF_A_KIND: 1, FULL_HOUSE: 2, FLUSH: 3, STRAIGHT: 4,
                TWO_PAIR: 7}
_SET, _TRIPS, _OVERPAIR, _TOP, _MIDDLE, _WEAK, _HIGH = 5, 6, 8, 9, 10, 11, 12
_FLUSH_DRAW, _OPEN_ENDED, _GUTSHOT, _BACKDOOR = range(4)


@dataclass(frozen=True)
class ClassShare:
    """One class of a breakdown: its weighted combos, their share of the live range, and
    hero's equity against them (None without a hero hand or without combos)."""

    name: str
    combos: float
    share: float
    equity: float | None


@dataclass(frozen=True)
class Breakdown:
    """A range on a board: ``made`` in the order of :data:`MADE_CLASSES` (shares sum to
    1), ``draws`` in the order of :data:`DRAW_CLASSES`, and the live weighted combos."""

    made: tuple[ClassShare, ...]
    draws: tuple[ClassShare, ...]
    combos: float


def rank_bits(mask: int) -> int:
    """The 13-bit set of ranks (bit 0 the deuce) present in a card mask.

    >>> from assistant.cards import cards_to_mask, parse_cards
    >>> bin(rank_bits(cards_to_mask(parse_cards("2c 2d Ah"))))
    '0b1000000000001'
    """
    bits = 0
    for suit in range(N_SUITS):
        bits |= (mask >> (SUIT_BITS * suit)) & SUIT_MASK
    return bits


def has_straight(ranks: int) -> bool:
    """Whether a 13-bit rank set holds five ranks in a row (the ace also plays low).

    >>> has_straight(0b1000000001111), has_straight(0b0000000011110), has_straight(0b11101)
    (True, False, False)
    """
    runs = (ranks << 1) | (ranks >> (N_RANKS - 1))
    return bool(runs & (runs >> 1) & (runs >> 2) & (runs >> 3) & (runs >> 4))


def straight_outs(hole_ranks: int, board_ranks: int) -> int:
    """How many ranks complete a straight with the hole and board ranks that the board
    alone would not make.

    >>> from assistant.cards import cards_to_mask, parse_cards
    >>> def outs(hole, board):
    ...     return straight_outs(rank_bits(cards_to_mask(parse_cards(hole))),
    ...                          rank_bits(cards_to_mask(parse_cards(board))))
    >>> outs("Td 9d", "8h 7d 2c"), outs("Tc 6c", "8h 7d 2c"), outs("Ac Kc", "8h 7d 2c")
    (2, 1, 0)
    """
    ranks = hole_ranks | board_ranks
    return sum(1 for rank in range(N_RANKS)
               if not ranks >> rank & 1 and has_straight(ranks | 1 << rank)
               and not has_straight(board_ranks | 1 << rank))


def _suit_counts(mask: int) -> list[int]:
    return [((mask >> (SUIT_BITS * suit)) & SUIT_MASK).bit_count() for suit in range(N_SUITS)]


def _check_board(board_mask: int, blocked: int) -> None:
    if not 3 <= board_mask.bit_count() <= 5:
        raise PokerInputError(f"a breakdown needs a board of 3 to 5 cards, got"
                              f" {board_mask.bit_count()} (mask {board_mask:#x})")
    if board_mask & blocked:
        raise PokerInputError(f"board mask {board_mask:#x} shares cards with hero or the dead"
                              f" cards ({blocked:#x})")


def _pair_class(first: int, second: int, board_ranks: list[int]) -> int:
    high, low = card_rank(first), card_rank(second)
    if high == low:
        return _OVERPAIR if high > board_ranks[0] else _WEAK
    for place, rank in enumerate(board_ranks):
        if rank in (high, low):
            return (_TOP, _MIDDLE)[place] if place < 2 else _WEAK
    return _HIGH


def _made_class(category: int, first: int, second: int, board_mask: int,
                board_ranks: list[int]) -> int:
    if category in _BY_CATEGORY:
        return _BY_CATEGORY[category]
    if category == THREE_OF_A_KIND:
        pocket = card_rank(first) == card_rank(second)
        return _SET if pocket and rank_bits(board_mask) >> card_rank(first) & 1 else _TRIPS
    if category == PAIR:
        return _pair_class(first, second, board_ranks)
    return _HIGH


def _draws(hole_mask: int, board_mask: int) -> list[bool]:
    hole, total = _suit_counts(hole_mask), _suit_counts(hole_mask | board_mask)
    flush_draw = any(t == 4 and h for h, t in zip(hole, total, strict=True))
    outs = straight_outs(rank_bits(hole_mask), rank_bits(board_mask))
    backdoor = (board_mask.bit_count() == 3 and not flush_draw
                and any(t == 3 and h for h, t in zip(hole, total, strict=True)))
    return [flush_draw, outs >= 2, outs == 1, backdoor]


def classify_combos(board_mask: int, dead_mask: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Each combo's made class and draws on a board of 3 to 5 cards (a mask).

    Returns an int64 ``(1326,)`` array of indices into :data:`MADE_CLASSES` (:data:`DEAD`
    for combos that use a board or dead card) and a bool ``(1326, 4)`` array of the draws
    of :data:`DRAW_CLASSES`.
    """
    from assistant.evaluator import evaluate_many  # numba: off the window's imports

    _check_board(board_mask, dead_mask)
    made = np.full(N_COMBOS, DEAD, dtype=np.int64)
    draws = np.zeros((N_COMBOS, len(DRAW_CLASSES)), dtype=bool)
    live = np.flatnonzero(live_combos(board_mask | dead_mask))
    categories = evaluate_many(COMBO_MASKS[live] | np.uint64(board_mask)) >> CATEGORY_SHIFT
    board_ranks = sorted({card_rank(card) for card in mask_to_cards(board_mask)}, reverse=True)
    drawing = board_mask.bit_count() < 5
    for combo, category in zip(live.tolist(), categories.tolist(), strict=True):
        first, second = COMBO_CARDS[combo].tolist()
        made[combo] = _made_class(category, first, second, board_mask, board_ranks)
        if drawing and category < STRAIGHT:
            draws[combo] = _draws(int(COMBO_MASKS[combo]), board_mask)
    return made, draws


def _share(name: str, members: np.ndarray, weights: np.ndarray, total: float,
           equity: np.ndarray | None) -> ClassShare:
    combos = float(weights[members].sum())
    hero = None
    if equity is not None and combos > 0:
        hero = float(weights[members] @ equity[members] / combos)
    return ClassShare(name, combos, combos / total, hero)


def range_breakdown(weights: np.ndarray, board_mask: int, hero_mask: int = 0,
                    dead_mask: int = 0) -> Breakdown:
    """The breakdown of a range (float64 ``(1326,)`` weights) on a board of 3 to 5 cards,
    with hero's equity against each class when ``hero_mask`` holds hero's two cards.

    Hero's cards and the dead cards are removed from the range first; a range with no
    weight left is an error.
    """
    weights = check_weights(weights)
    if hero_mask and hero_mask.bit_count() != 2:
        raise PokerInputError(f"hero mask {hero_mask:#x} must hold two cards")
    if hero_mask & dead_mask:
        raise PokerInputError(f"hero mask {hero_mask:#x} shares cards with the dead cards")
    made, draws = classify_combos(board_mask, hero_mask | dead_mask)
    live = made != DEAD
    weights = np.where(live, weights, 0.0)
    total = float(weights.sum())
    if total <= 0:
        raise PokerInputError("the range is empty once the board, hero's and the dead cards"
                              " are removed")
    equity = None
    if hero_mask:
        from assistant.showdown import showdown  # numba: off the window's imports

        equity = np.nan_to_num(showdown(hero_mask, board_mask, dead_mask).equity_by_combo())
    return Breakdown(
        made=tuple(_share(name, made == index, weights, total, equity)
                   for index, name in enumerate(MADE_CLASSES)),
        draws=tuple(_share(name, draws[:, index], weights, total, equity)
                    for index, name in enumerate(DRAW_CLASSES)),
        combos=total)
