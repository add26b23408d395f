"""Write ``evaluator.npz``: the lookup tables of the hand evaluator.

Run ``python -m assistant.tables.make_evaluator_tables`` (or this file) to rebuild
it.  Everything is derived here from the rules of poker, deterministically:

``class_strength``, ``class_ranks``
    The 7,462 distinct five-card hands, ordered within each category; a hand's
    strength is ``category << CATEGORY_SHIFT | position``.  ``class_ranks`` holds
    its five ranks, most significant first (for descriptions).
``flush``
    For every 13-bit suit mask, the strength of the best flush or straight flush
    it holds, or 0 when it has fewer than five cards.
``suit_keys``, ``low_index``, ``row_offset``, ``rank_strength``
    A minimal perfect hash of the rank multisets of 5 to 7 cards (no rank more
    than four times; 73,775 of them) to the strength of the best non-flush hand.
    A multiset's key is additive over cards: ranks 2-8 add a weight to the low
    field and ranks 9-A to the high field (``RANK_KEY_SHIFT`` bits up), with
    weights chosen greedily so that different multisets of up to seven cards
    never share a key.  Low parts are numbered in order of their card count, so
    each high part needs one contiguous band of low numbers, and the bands are
    laid end to end: ``rank_strength[row_offset[high] + low_index[low]]``.
"""

import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from assistant.encoding import (
    CATEGORY_SHIFT,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    N_RANKS,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUIT_MASK,
    THREE_OF_A_KIND,
    TWO_PAIR,
)
from assistant.evaluator import RANK_KEY_SHIFT

TABLE_FILE = Path(__file__).with_name("evaluator.npz")
VERSION = 1
LOW_RANKS = 7  # deuce to eight; nine to ace are the high ranks
MAX_CARDS = 7

_SHAPES = {(2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR, (3, 1, 1): THREE_OF_A_KIND,
           (3, 2): FULL_HOUSE, (4, 1): FOUR_OF_A_KIND}
Signature = tuple[int, tuple[int, ...]]


def straight_top(ranks: set[int]) -> int:
    """The top rank of the highest straight in a set of ranks, or -1 (wheel: 3)."""
    for top in range(N_RANKS - 1, 3, -1):
        if all(top - i in ranks for i in range(5)):
            return top
    return 3 if {12, 0, 1, 2, 3} <= ranks else -1


def classify_five(ranks: Sequence[int], suited: bool) -> Signature:
    """Category and tie-break ranks of five cards, comparable as tuples."""
    counts = {rank: ranks.count(rank) for rank in ranks}
    groups = sorted(((count, rank) for rank, count in counts.items()), reverse=True)
    significant = tuple(rank for _, rank in groups)
    if len(counts) < 5:
        return _SHAPES[tuple(count for count, _ in groups)], significant
    top = straight_top(set(ranks))
    if top >= 0:
        return (STRAIGHT_FLUSH if suited else STRAIGHT), (top,)
    return (FLUSH if suited else HIGH_CARD), significant


def five_card_classes() -> list[Signature]:
    """Every distinct five-card hand, weakest first."""
    classes = set()
    for ranks in itertools.combinations_with_replacement(range(N_RANKS), 5):
        if max(ranks.count(rank) for rank in ranks) <= 4:
            classes.add(classify_five(ranks, False))
            if len(set(ranks)) == 5:
                classes.add(classify_five(ranks, True))
    return sorted(classes)


def strengths_by_signature(classes: list[Signature]) -> dict[Signature, int]:
    """The strength of every class: its category and its place within it."""
    strengths = {}
    place = [0] * (STRAIGHT_FLUSH + 1)
    for category, ranks in classes:
        strengths[category, ranks] = category << CATEGORY_SHIFT | place[category]
        place[category] += 1
    return strengths


def count_vectors(n_ranks: int) -> list[tuple[int, ...]]:
    """Rank count vectors (each count 0-4, at most seven cards), by card count."""
    vectors = [v for v in itertools.product(range(5), repeat=n_ranks) if sum(v) <= MAX_CARDS]
    return sorted(vectors, key=lambda v: (sum(v), v))


def greedy_weights(vectors: list[tuple[int, ...]]) -> list[int]:
    """Smallest increasing weights giving every count vector its own weighted sum."""
    matrix = np.array(vectors, dtype=np.int64)
    weights: list[int] = []
    for rank in range(matrix.shape[1]):
        prefix = np.unique(matrix[:, : rank + 1], axis=0)
        weight = weights[-1] + 1 if weights else 1
        while len(np.unique(prefix @ np.array([*weights, weight]))) < len(prefix):
            weight += 1
        weights.append(weight)
    return weights


def best_of_fives(ranks: list[int], suited: bool, strengths: dict[Signature, int],
                  cache: dict[tuple[int, ...], int]) -> int:
    """The strength of the best five cards among ``ranks`` (all suited or none)."""
    best = 0
    for five in itertools.combinations(sorted(ranks), 5):
        if five not in cache:
            cache[five] = strengths[classify_five(five, suited)]
        best = max(best, cache[five])
    return best


def build_tables() -> dict[str, np.ndarray]:
    """All evaluator tables, as named arrays."""
    classes = five_card_classes()
    strengths = strengths_by_signature(classes)

    suited_cache: dict[tuple[int, ...], int] = {}
    flush = np.zeros(SUIT_MASK + 1, dtype=np.uint16)
    for mask in range(SUIT_MASK + 1):
        ranks = [rank for rank in range(N_RANKS) if mask >> rank & 1]
        if len(ranks) >= 5:
            flush[mask] = best_of_fives(ranks, True, strengths, suited_cache)

    low_vectors = count_vectors(LOW_RANKS)
    high_vectors = count_vectors(N_RANKS - LOW_RANKS)
    low_weights = greedy_weights(low_vectors)
    high_weights = greedy_weights(high_vectors)

    def key(vector: tuple[int, ...], weights: list[int]) -> int:
        return sum(count * weight for count, weight in zip(vector, weights, strict=True))

    low_size = max(key(v, low_weights) for v in low_vectors) + 1
    low_index = np.full(low_size, np.iinfo(np.uint16).max, dtype=np.uint16)
    band_start = [0] * (MAX_CARDS + 2)
    for position, vector in enumerate(low_vectors):
        low_index[key(vector, low_weights)] = position
        band_start[sum(vector) + 1] = position + 1

    high_size = max(key(v, high_weights) for v in high_vectors) + 1
    row_offset = np.zeros(high_size, dtype=np.int32)
    plain_cache: dict[tuple[int, ...], int] = {}
    rank_strength: list[int] = []
    for high in high_vectors:
        first = band_start[max(0, 5 - sum(high))]
        row_offset[key(high, high_weights)] = len(rank_strength) - first
        high_ranks = [LOW_RANKS + r for r, count in enumerate(high) for _ in range(count)]
        for low in low_vectors[first: band_start[MAX_CARDS + 1 - sum(high)]]:
            ranks = [r for r, count in enumerate(low) for _ in range(count)] + high_ranks
            rank_strength.append(best_of_fives(ranks, False, strengths, plain_cache))

    suit_keys = np.zeros(SUIT_MASK + 1, dtype=np.uint32)
    for mask in range(SUIT_MASK + 1):
        bits = [mask >> rank & 1 for rank in range(N_RANKS)]
        suit_keys[mask] = (key(tuple(bits[:LOW_RANKS]), low_weights)
                           | key(tuple(bits[LOW_RANKS:]), high_weights) << RANK_KEY_SHIFT)

    class_ranks = np.zeros((len(classes), 5), dtype=np.uint8)
    for row, (_, ranks) in enumerate(classes):
        class_ranks[row, : len(ranks)] = ranks
    metadata = {
        "generator": "tables/make_evaluator_tables.py",
        "version": VERSION,
        "method": "exact: best five-card class of every rank multiset and suit mask",
        "error": 0,
        "low_weights": low_weights,
        "high_weights": high_weights,
    }
    return {
        "flush": flush,
        "suit_keys": suit_keys,
        "low_index": low_index,
        "row_offset": row_offset,
        "rank_strength": np.array(rank_strength, dtype=np.uint16),
        "class_strength": np.array([strengths[c] for c in classes], dtype=np.uint16),
        "class_ranks": class_ranks,
        "metadata": np.array(json.dumps(metadata, sort_keys=True)),
    }


def main() -> None:
    """Rebuild the table file next to this script."""
    tables = build_tables()
    np.savez_compressed(TABLE_FILE, **tables)
    print(f"wrote {TABLE_FILE} ({len(tables['rank_strength'])} rank multisets)")


if __name__ == "__main__":
    main()
