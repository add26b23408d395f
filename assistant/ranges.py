"""Hand ranges in the standard notation, as weights over the 1,326 two-card combos.

A range is a comma-separated list of:

* pairs ``QQ``, pairs and better ``QQ+``, pair spans ``22-55``;
* suited ``AKs``, offsuit ``AKo`` or both ``AK``, with ``+`` raising the second card
  up to one below the first (``ATs+`` is ATs, AJs, AQs, AKs) and spans like
  ``A5s-A2s`` or ``T9s-65s``;
* exact hands ``QhQd`` (in any card notation of :mod:`assistant.cards`);
* ``any``: all 1,326 combos.

Each item may carry a weight in [0, 1], ``AKo:0.5``: the combos are dealt with that
relative probability (1 when left out, 0 leaves them out).  A combo named twice takes
its last weight, so ``any,AsKs:0`` is every hand but one.

:class:`Range` holds the weights as a float64 array indexed by the combo numbering of
:mod:`assistant.combos`; :class:`HandRange` lists the combos of positive weight, the
form the equity kernels deal from.
"""

import re
from collections import Counter
from dataclasses import dataclass
from typing import Final

import numpy as np

from assistant.cards import ensure_distinct, format_cards, read_cards
from assistant.combos import COMBO_CARDS, COMBO_CLASS, N_COMBOS, live_combos
from assistant.encoding import N_CARDS, N_RANKS, N_SUITS, RANKS, card_index
from assistant.errors import PokerInputError
from assistant.range_view import class_weights

_RANK = {letter: rank for rank, letter in enumerate(RANKS)}
_CLASS = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)", re.IGNORECASE | re.ASCII)
_SPAN = re.compile(r"([2-9TJQKA]{2}[so]?)-([2-9TJQKA]{2}[so]?)", re.IGNORECASE | re.ASCII)

COMBO_INDEX: Final = np.full((N_CARDS, N_CARDS), -1, dtype=np.int64)
"""int64 (52, 52): the combo index of two distinct cards in either order (-1 on the diagonal)."""
COMBO_INDEX[COMBO_CARDS[:, 0], COMBO_CARDS[:, 1]] = np.arange(N_COMBOS)
COMBO_INDEX[COMBO_CARDS[:, 1], COMBO_CARDS[:, 0]] = np.arange(N_COMBOS)
COMBO_INDEX.setflags(write=False)

WEIGHT_DECIMALS: Final = 3
"""Decimals of the weights :meth:`Range.to_notation` writes."""
_CLASS_COMBOS = [np.flatnonzero(g == COMBO_CLASS) for g in range(N_RANKS * N_RANKS)]


@dataclass(frozen=True, eq=False)
class Range:
    """A weight in [0, 1] for each of the 1,326 combos, at least one of them above 0.

    ``weights`` is a read-only float64 array of shape ``(N_COMBOS,)`` indexed as in
    :mod:`assistant.combos`.  Build one with :meth:`parse`, :meth:`from_weights` or
    :meth:`full`.

    >>> r = Range.parse("QQ+,AKs,AQs:0.5,T9s-65s:0.25")
    >>> r.combos, round(r.percent, 2), r.to_notation()
    (29.0, 2.19, 'QQ+,AKs,AQs:0.5,T9s-65s:0.25')
    """

    weights: np.ndarray

    def __post_init__(self) -> None:
        weights = np.array(self.weights, dtype=np.float64)
        if weights.shape != (N_COMBOS,):
            raise PokerInputError(f"a range has {N_COMBOS} weights, one per combo; got an array"
                                  f" of shape {weights.shape}")
        bad = np.flatnonzero(~((weights >= 0) & (weights <= 1)))
        if bad.size:
            raise PokerInputError(f"the weight {float(weights[bad[0]])!r} of"
                                  f" {format_cards(COMBO_CARDS[bad[0]][::-1])} is outside [0, 1]")
        if not weights.any():
            raise PokerInputError("a range needs at least one combo with a weight above 0")
        weights.setflags(write=False)
        object.__setattr__(self, "weights", weights)

    @classmethod
    def parse(cls, text: str) -> "Range":
        """The range written in ``text`` (see the module docstring)."""
        weights = _parse_weights(text)
        if not weights.any():
            raise PokerInputError(f"the range {text!r} has no combo with a weight above 0")
        return cls(weights)

    @classmethod
    def from_weights(cls, weights: np.ndarray) -> "Range":
        """The range of a (1326,) array of weights in [0, 1] (copied)."""
        return cls(weights)

    @classmethod
    def of_hand(cls, first: int, second: int) -> "Range":
        """One known hand: weight 1 on the combo of two distinct cards, 0 elsewhere.

        >>> from assistant.cards import parse_cards
        >>> Range.of_hand(*parse_cards("Ah Kd")).combos
        1.0
        """
        weights = np.zeros(N_COMBOS)
        weights[COMBO_INDEX[first, second]] = 1.0
        return cls(weights)

    @classmethod
    def full(cls) -> "Range":
        """Every combo with weight 1: a random hand."""
        return cls(np.ones(N_COMBOS))

    @property
    def combos(self) -> float:
        """The sum of the weights (a number of combos)."""
        return float(self.weights.sum())

    @property
    def percent(self) -> float:
        """The sum of the weights as a percentage of all 1,326 combos."""
        return 100.0 * self.combos / N_COMBOS

    def without(self, dead_mask: int) -> "Range":
        """The range with weight 0 on every combo that uses a card of ``dead_mask``
        (hero's cards, the board, dead cards).

        Raises :class:`PokerInputError` when nothing is left.

        >>> from assistant.cards import cards_to_mask, parse_cards
        >>> Range.parse("AA,KK").without(cards_to_mask(parse_cards("As Kd"))).combos
        6.0
        """
        weights = self.weights * live_combos(dead_mask)
        if not weights.any():
            raise PokerInputError(f"the range {self.to_notation()!r} is empty once the known"
                                  " cards are removed")
        return Range(weights)

    def hand_range(self, text: str) -> "HandRange":
        """The combos of positive weight, named ``text`` in messages."""
        keep = np.flatnonzero(self.weights > 0)
        return HandRange(text, COMBO_CARDS[keep], self.weights[keep])

    def to_grid(self, dead_mask: int = 0) -> np.ndarray:
        """float64 (13, 13): each starting-hand class's mean weight over its combos that
        use no card of ``dead_mask`` (0 where none is left), laid out as in
        :mod:`assistant.preflop_table` (aces first, suited above the diagonal).

        >>> grid = Range.parse("AA:0.5,AKs").to_grid()
        >>> grid[:2, :2].tolist(), float(grid.sum())
        ([[0.5, 1.0], [0.0, 0.0]], 1.5)
        """
        return np.nan_to_num(class_weights(self.weights, dead_mask), nan=0.0)

    def to_notation(self, dead_mask: int = 0) -> str:
        """The range as compact notation, weights rounded to :data:`WEIGHT_DECIMALS`
        decimals (a positive weight below 0.0005 is written as 0.001, so that no combo
        drops out).  Combos using a card of ``dead_mask`` may be written with any
        weight, which keeps the text short after card removal.

        Classes of one weight are grouped into ``QQ+``, ``ATs+``, ``A5s-A2s`` and
        ``T9s-65s`` (``AT+`` where the suited and offsuit items match); a class whose
        combos differ is written at its most common weight, followed by its other
        combos one by one (``AKs,AsKs:0.5``).  Parsing the text gives the rounded
        weights back.

        >>> Range.parse("JJ-99,A5s-A3s:0.25,76s-54s,KQo,ATs+,ATo+").to_notation()
        'JJ-99,AT+,A5s-A3s:0.25,76s-54s,KQo'
        >>> Range.parse("AA").without(1 << 51).to_notation(dead_mask=1 << 51)
        'AA'
        """
        weights = np.round(self.weights, WEIGHT_DECIMALS)
        weights[(self.weights > 0) & (weights == 0)] = 10.0**-WEIGHT_DECIMALS
        live = live_combos(dead_mask)
        class_weight: dict[tuple[str, int, int], float] = {}
        exceptions: list[int] = []
        for grid, members in enumerate(_CLASS_COMBOS):
            alive = members[live[members]]
            if not alive.size:
                continue
            common = Counter(weights[alive].tolist()).most_common(1)[0][0]
            class_weight[_class_key(grid)] = common
            exceptions += [int(c) for c in alive if weights[c] != common]
        items = _grouped_items(class_weight)
        items += [format_cards(COMBO_CARDS[c][::-1]) + _weight_suffix(weights[c])
                  for c in exceptions]
        return ",".join(items)


def _class_key(grid: int) -> tuple[str, int, int]:
    """(kind, high rank, low rank) of a grid cell; kind is "" for pairs, "s" or "o"."""
    row, column = divmod(grid, N_RANKS)
    high, low = N_RANKS - 1 - min(row, column), N_RANKS - 1 - max(row, column)
    return ("" if row == column else "s" if row < column else "o"), high, low


def _weight_suffix(weight: float) -> str:
    if weight == 1:
        return ""
    return ":" + f"{weight:.{WEIGHT_DECIMALS}f}".rstrip("0").rstrip(".")


def _runs(keys: list[tuple[str, int, int]], weight: dict[tuple[str, int, int], float]
          ) -> list[list[tuple[str, int, int]]]:
    """Maximal runs of consecutive keys of one positive weight."""
    runs: list[list[tuple[str, int, int]]] = []
    for key in keys:
        if weight.get(key, 0.0) == 0:
            runs.append([])
        elif runs and runs[-1] and weight[runs[-1][-1]] == weight[key]:
            runs[-1].append(key)
        else:
            runs.append([key])
    return [run for run in runs if run]


def _grouped_items(weight: dict[tuple[str, int, int], float]) -> list[str]:
    """Notation items for class weights: pair runs, runs of one high card, then runs of
    one gap among the classes left alone."""
    def name(key: tuple[str, int, int]) -> str:
        return RANKS[key[1]] + RANKS[key[2]] + key[0]

    items: list[tuple[tuple[int, int, int], str]] = []  # (order, text)
    top = N_RANKS - 1

    def add(run: list[tuple[str, int, int]], text: str) -> None:
        first = run[0]
        order = (("", "s", "o").index(first[0]), -first[1], -first[2])
        items.append((order, text + _weight_suffix(weight[first])))

    for run in _runs([("", r, r) for r in range(top, -1, -1)], weight):
        first, last = run[0], run[-1]
        text = (name(last) + "+" if first[1] == top and len(run) > 1
                else name(first) if len(run) == 1 else f"{name(first)}-{name(last)}")
        add(run, text)
    for kind in "so":
        alone: list[tuple[str, int, int]] = []
        for high in range(top, 0, -1):
            for run in _runs([(kind, high, low) for low in range(high - 1, -1, -1)], weight):
                first, last = run[0], run[-1]
                if len(run) == 1:
                    alone.append(first)
                    continue
                text = (name(last) + "+" if first[2] == high - 1
                        else f"{name(first)}-{name(last)}")
                add(run, text)
        for gap in range(1, N_RANKS):
            line = [(kind, high, high - gap) for high in range(top, gap - 1, -1)]
            single = {key: weight[key] for key in line if key in alone}
            for run in _runs(line, single):
                first, last = run[0], run[-1]
                add(run, name(first) if len(run) == 1 else f"{name(first)}-{name(last)}")
    offsuit = {text.replace("o", ""): order for order, text in items if order[0] == 2}
    merged = []
    for order, text in sorted(items):
        both = text.replace("s", "")
        if order[0] == 1 and both in offsuit:
            del offsuit[both]
            merged.append(both)
        elif order[0] != 2 or text.replace("o", "") in offsuit:
            merged.append(text)
    return merged


@dataclass(frozen=True)
class HandRange:
    """The combos of positive weight of a range, as the equity kernels deal them.

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
    """Parse a range or a single hand into its combos of positive weight.

    >>> len(parse_range("QQ+")), len(parse_range("AKs")), len(parse_range("AKo,A5s-A2s"))
    (18, 4, 28)
    >>> from assistant.cards import format_cards
    >>> r = parse_range("AhKd")
    >>> r.is_single_hand, format_cards(r.combos[0], " ")
    (True, 'Kd Ah')
    """
    return Range.parse(text).hand_range(text)


def _parse_weights(text: str) -> np.ndarray:
    """float64 (1326,): the weight the notation ``text`` gives each combo."""
    weights = np.zeros(N_COMBOS)
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise PokerInputError(f"{text!r} is not a range: it names no hands")
    for item in items:
        if not item:
            raise PokerInputError(f"{text!r} is not a range: an item between commas is empty")
        body, weight = _split_weight(item)
        combos = _combos_of(body, item)
        weights[COMBO_INDEX[[a for a, _ in combos], [b for _, b in combos]]] = weight
    return weights


def _split_weight(item: str) -> tuple[str, float]:
    body, _, weight_text = item.partition(":")
    if not weight_text:
        return body.strip(), 1.0
    try:
        weight = float(weight_text)
    except ValueError:
        raise PokerInputError(f"{item!r}: the weight {weight_text!r} is not a number") from None
    if not 0 <= weight <= 1:
        raise PokerInputError(f"{item!r}: a weight must be between 0 and 1")
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
