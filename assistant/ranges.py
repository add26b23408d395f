"""Hand ranges in the standard notation, as weighted lists of two-card combos.

A range is a comma-separated list of:

* pairs ``QQ``, pairs and better ``QQ+``, pair spans ``22-55``;
* suited ``AKs``, offsuit ``AKo`` or both ``AK``, with ``+`` raising the second card
  up to one below the first (``ATs+`` is ATs, AJs, AQs, AKs) and spans like
  ``A5s-A2s`` or ``T9s-65s``;
* exact hands ``QhQd`` (in any card notation of :mod:`assistant.cards`);
* ``any``: all 1,326 combos.

Each item may carry a weight, ``AKo:0.5``: the combos are dealt with that relative
probability (1 when left out).  A combo named twice takes its last weight.
"""

import re
from dataclasses import dataclass

import numpy as np

from assistant.cards import ensure_distinct, read_cards
from assistant.encoding import N_CARDS, N_SUITS, RANKS, card_index
from assistant.errors import PokerInputError

_RANK = {letter: rank for rank, letter in enumerate(RANKS)}
_CLASS = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)", re.IGNORECASE | re.ASCII)
_SPAN = re.compile(r"([2-9TJQKA]{2}[so]?)-([2-9TJQKA]{2}[so]?)", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True)
class HandRange:
    """A weighted set of two-card combos.

    ``combos`` is an int64 array of shape (n, 2) of card indices (lower card first),
    ``weights`` a float64 array of shape (n,) with values in (0, 1].
    """

    text: str
    combos: np.ndarray
    weights: np.ndarray

    def __len__(self) -> int:
        return len(self.weights)

    def without(self, dead_mask: int) -> "HandRange":
        """The combos that use none of the cards in ``dead_mask``.

        Raises :class:`PokerInputError` when nothing is left.
        """
        masks = (np.int64(1) << self.combos[:, 0]) | (np.int64(1) << self.combos[:, 1])
        keep = (masks & np.int64(dead_mask)) == 0
        if not keep.any():
            raise PokerInputError(f"the range {self.text!r} is empty once the known cards"
                                  " are removed")
        return HandRange(self.text, self.combos[keep], self.weights[keep])

    @property
    def is_single_hand(self) -> bool:
        """Whether the range is one known hand."""
        return len(self) == 1


def parse_range(text: str) -> HandRange:
    """Parse a range or a single hand.

    >>> len(parse_range("QQ+")), len(parse_range("AKs")), len(parse_range("AKo,A5s-A2s"))
    (18, 4, 28)
    >>> from assistant.cards import format_cards
    >>> r = parse_range("AhKd")
    >>> r.is_single_hand, format_cards(r.combos[0], " ")
    (True, 'Kd Ah')
    """
    weights: dict[tuple[int, int], float] = {}
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise PokerInputError(f"{text!r} is not a range: it names no hands")
    for item in items:
        if not item:
            raise PokerInputError(f"{text!r} is not a range: an item between commas is empty")
        body, weight = _split_weight(item)
        for combo in _combos_of(body, item):
            weights[combo] = weight
    combos = np.array(sorted(weights), dtype=np.int64).reshape(-1, 2)
    return HandRange(text, combos, np.array([weights[(a, b)] for a, b in combos.tolist()]))


def _split_weight(item: str) -> tuple[str, float]:
    body, _, weight_text = item.partition(":")
    if not weight_text:
        return body.strip(), 1.0
    try:
        weight = float(weight_text)
    except ValueError:
        raise PokerInputError(f"{item!r}: the weight {weight_text!r} is not a number") from None
    if not 0 < weight <= 1:
        raise PokerInputError(f"{item!r}: a weight must be above 0 and at most 1")
    return body.strip(), weight


def _combos_of(body: str, item: str) -> list[tuple[int, int]]:
    if body.lower() == "any":
        return [(a, b) for a in range(N_CARDS) for b in range(a + 1, N_CARDS)]
    span = _SPAN.fullmatch(body)
    if span:
        return _span_combos(span[1], span[2], item)
    match = _CLASS.fullmatch(body)
    if match:
        high, low = sorted((_RANK[match[1].upper()], _RANK[match[2].upper()]), reverse=True)
        suitedness, plus = match[3].lower(), match[4] == "+"
        if high == low and suitedness:
            raise PokerInputError(f"{item!r}: a pair cannot be suited or offsuit")
        if plus:
            if high == low:
                return [c for r in range(high, len(RANKS)) for c in _class_combos(r, r, "")]
            return [c for r in range(low, high) for c in _class_combos(high, r, suitedness)]
        return _class_combos(high, low, suitedness)
    try:
        cards = read_cards(body)
    except PokerInputError:
        cards = []
    if len(cards) == 2:
        ensure_distinct(cards, body)
        return [(min(cards), max(cards))]
    raise PokerInputError(f"{item!r} is not a hand or a range (like QQ+, AKs, A5s-A2s, KQo, QhQd)")


def _span_combos(first: str, last: str, item: str) -> list[tuple[int, int]]:
    (h1, l1, s1), (h2, l2, s2) = (_class_parts(first), _class_parts(last))
    if s1 != s2:
        raise PokerInputError(f"{item!r}: both ends of a span must be alike (suited, offsuit)")
    pairs = h1 == l1, h2 == l2
    if pairs == (True, True):
        steps = [(r, r) for r in range(min(h1, h2), max(h1, h2) + 1)]
    elif pairs == (False, False) and h1 == h2:
        steps = [(h1, r) for r in range(min(l1, l2), max(l1, l2) + 1)]
    elif pairs == (False, False) and h1 - l1 == h2 - l2:
        steps = [(h, h - (h1 - l1)) for h in range(min(h1, h2), max(h1, h2) + 1)]
    else:
        raise PokerInputError(f"{item!r}: a span must keep the first card, the gap, or be pairs")
    return [combo for high, low in steps for combo in _class_combos(high, low, s1)]


def _class_parts(text: str) -> tuple[int, int, str]:
    high, low = sorted((_RANK[text[0].upper()], _RANK[text[1].upper()]), reverse=True)
    return high, low, text[2:].lower()


def _class_combos(high: int, low: int, suitedness: str) -> list[tuple[int, int]]:
    """The combos of one starting-hand class: a pair, or high/low suited or offsuit."""
    combos = []
    for s1 in range(N_SUITS):
        for s2 in range(N_SUITS):
            a, b = card_index(high, s1), card_index(low, s2)
            if a == b or (high == low and s1 > s2):
                continue
            if high != low and ((suitedness == "s" and s1 != s2)
                                or (suitedness == "o" and s1 == s2)):
                continue
            combos.append((min(a, b), max(a, b)))
    return combos
