"""A slow, plain evaluator written straight from the rules, as an independent check.

It reads seven (or five, or six) cards directly, category by category, and
shares nothing with the generator of the lookup tables (which takes the best of
every five-card subset of a rank multiset).
"""

from collections import Counter

from assistant.encoding import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)


def _straight_top(ranks: set[int]) -> int | None:
    """The top rank of the best run of five; the ace also plays low, as -1."""
    ranks = ranks | ({-1} if 12 in ranks else set())
    run = 0
    for rank in range(12, -2, -1):
        run = run + 1 if rank in ranks else 0
        if run == 5:
            return rank + 4
    return None


def signature(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of a hand of card indices; compare as tuples."""
    ranks = [card % 13 for card in cards]
    suits = Counter(card // 13 for card in cards)
    flush_suit = next((suit for suit, n in suits.items() if n >= 5), None)
    if flush_suit is not None:
        flush_ranks = {card % 13 for card in cards if card // 13 == flush_suit}
        top = _straight_top(flush_ranks)
        if top is not None:
            return STRAIGHT_FLUSH, (top,)
    counts = Counter(ranks)
    quads = [r for r, n in counts.items() if n == 4]
    trips = sorted((r for r, n in counts.items() if n == 3), reverse=True)
    pairs = sorted((r for r, n in counts.items() if n == 2), reverse=True)

    def kickers(exclude: set[int], k: int) -> tuple[int, ...]:
        return tuple(sorted((r for r in set(ranks) if r not in exclude), reverse=True)[:k])

    if quads:
        return FOUR_OF_A_KIND, (quads[0], *kickers({quads[0]}, 1))
    if trips and (len(trips) > 1 or pairs):
        second = max(trips[1:] + pairs)
        return FULL_HOUSE, (trips[0], second)
    if flush_suit is not None:
        return FLUSH, tuple(sorted(flush_ranks, reverse=True)[:5])
    top = _straight_top(set(ranks))
    if top is not None:
        return STRAIGHT, (top,)
    if trips:
        return THREE_OF_A_KIND, (trips[0], *kickers({trips[0]}, 2))
    if len(pairs) >= 2:
        return TWO_PAIR, (pairs[0], pairs[1], *kickers({pairs[0], pairs[1]}, 1))
    if pairs:
        return PAIR, (pairs[0], *kickers({pairs[0]}, 3))
    return HIGH_CARD, kickers(set(), 5)
