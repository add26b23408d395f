"""Hand strength of 5, 6 and 7-card masks: numba kernels over lookup tables.

A mask and a strength are encoded as :mod:`assistant.encoding` says.  The tables
(``tables/evaluator.npz``, written by ``tables/make_evaluator_tables.py``) give the
strength of the best flush of each suit mask and, through a minimal perfect hash
of additive rank keys, the strength of every rank multiset; see that script.

The kernels (``mask_strength``, ``rank_position``, ...) take an :class:`EvalTables`
and plain integers; they are for other kernels.  Python code calls
:func:`evaluate`, :func:`evaluate_many`, :func:`describe` and
:func:`category_counts`, which validate their input.
"""

import functools
from typing import NamedTuple, TypeAlias

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel
from assistant.encoding import (
    CATEGORY_NAMES,
    CATEGORY_SHIFT,
    DECK_MASK,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    N_CARDS,
    N_CATEGORIES,
    N_RANKS,
    PAIR,
    RANK_NAMES,
    RANK_PLURALS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUIT_BITS,
    SUIT_MASK,
    THREE_OF_A_KIND,
    TWO_PAIR,
)
from assistant.errors import PokerInputError
from assistant.table_files import read_table_file, table_metadata

KernelInt: TypeAlias = int | np.integer
"""An integer as kernels see it: a Python int or a numpy scalar (numba types both)."""

RANK_KEY_SHIFT = 17
"""Bit position of the high-rank field in a rank key; the low field lies below."""
RANK_KEY_LOW = (1 << RANK_KEY_SHIFT) - 1
MIN_CARDS, MAX_CARDS = 5, 7
ACE = N_RANKS - 1


class EvalTables(NamedTuple):
    """The evaluator's lookup tables (see ``tables/make_evaluator_tables.py``)."""

    flush: np.ndarray  # uint16[8192]: best flush strength of a suit mask, 0 if none
    suit_keys: np.ndarray  # uint32[8192]: rank key of the ranks in a suit mask
    low_index: np.ndarray  # uint16: number of the low field of a rank key
    row_offset: np.ndarray  # int32: table offset of the high field of a rank key
    rank_strength: np.ndarray  # uint16[73775]: strength of each rank multiset
    add_rank: np.ndarray  # uint16[73775, 16]: strength after adding a rank to 6 ranks
    class_strength: np.ndarray  # uint16[7462]: every strength, ascending
    class_ranks: np.ndarray  # uint8[7462, 5]: their ranks, most significant first


@njit(cache=True, nogil=True, inline="always")
def rank_position(key: KernelInt, t: EvalTables) -> int:
    """The position of a rank multiset of 5 to 7 cards in ``t.rank_strength``."""
    return t.row_offset[key >> RANK_KEY_SHIFT] + t.low_index[key & RANK_KEY_LOW]


@njit(cache=True, nogil=True, inline="always")
def mask_strength(mask: KernelInt, t: EvalTables) -> int:
    """The strength of a mask of 5 to 7 cards (unchecked)."""
    m = np.int64(mask)
    c = m & SUIT_MASK
    d = (m >> SUIT_BITS) & SUIT_MASK
    h = (m >> 2 * SUIT_BITS) & SUIT_MASK
    s = m >> 3 * SUIT_BITS
    # At most one suit can hold five of seven cards, and then no pair-based hand
    # can beat the flush, so the flush value wins whenever there is one.  Both
    # values are computed: a select is cheaper than a branch here.
    flush = max(max(t.flush[c], t.flush[d]), max(t.flush[h], t.flush[s]))
    key = np.int64(t.suit_keys[c]) + t.suit_keys[d] + t.suit_keys[h] + t.suit_keys[s]
    plain = t.rank_strength[rank_position(key, t)]
    return int(flush if flush else plain)


@njit(cache=True, nogil=True)
def _strengths(masks: np.ndarray, t: EvalTables, out: np.ndarray) -> int:
    """Fill ``out`` with the masks' strengths; the index of the first mask that is
    not a hand (bits above card 51, or not 5 to 7 cards), else -1."""
    for i in range(masks.size):
        mask = masks[i]
        if mask > np.uint64(DECK_MASK):
            return i
        cards, rest = 0, mask
        while rest:
            rest &= rest - np.uint64(1)
            cards += 1
        if cards < MIN_CARDS or cards > MAX_CARDS:
            return i
        out[i] = mask_strength(mask, t)
    return -1


@njit(cache=True, nogil=True)
def _fill_add_rank(suit_keys: np.ndarray, row_offset: np.ndarray, low_index: np.ndarray,
                   rank_strength: np.ndarray, add_rank: np.ndarray) -> None:
    """For every 6-card rank multiset and rank r, the strength of adding r."""
    rank_key = np.empty(N_RANKS, np.int64)
    for r in range(N_RANKS):
        rank_key[r] = suit_keys[1 << r]
    counts = np.zeros(N_RANKS, np.int64)
    ranks = np.zeros(6, np.int64)
    # Walk the non-decreasing rank sequences of length 6.
    while True:
        ok = True
        counts[:] = 0
        key = 0
        for i in range(6):
            counts[ranks[i]] += 1
            key += rank_key[ranks[i]]
            if counts[ranks[i]] > 4:
                ok = False
        if ok:
            row = row_offset[key >> RANK_KEY_SHIFT] + low_index[key & RANK_KEY_LOW]
            for r in range(N_RANKS):
                if counts[r] < 4:
                    k7 = key + rank_key[r]
                    add_rank[row, r] = rank_strength[
                        row_offset[k7 >> RANK_KEY_SHIFT] + low_index[k7 & RANK_KEY_LOW]
                    ]
        i = 5
        while i >= 0 and ranks[i] == N_RANKS - 1:
            i -= 1
        if i < 0:
            return
        ranks[i] += 1
        for j in range(i + 1, 6):
            ranks[j] = ranks[i]


@functools.cache
def load_tables() -> EvalTables:
    """The evaluator tables, read once from the package's ``tables`` data."""
    arrays = read_table_file("evaluator.npz")
    add_rank = np.zeros((arrays["rank_strength"].size, 16), dtype=np.uint16)
    _fill_add_rank(arrays["suit_keys"], arrays["row_offset"], arrays["low_index"],
                   arrays["rank_strength"], add_rank)
    return EvalTables(
        flush=arrays["flush"],
        suit_keys=arrays["suit_keys"],
        low_index=arrays["low_index"],
        row_offset=arrays["row_offset"],
        rank_strength=arrays["rank_strength"],
        add_rank=add_rank,
        class_strength=arrays["class_strength"],
        class_ranks=arrays["class_ranks"],
    )


def evaluator_metadata() -> dict[str, object]:
    """The generator, version and method recorded in the evaluator's table file."""
    return table_metadata(read_table_file("evaluator.npz"))


def evaluate(mask: int) -> int:
    """The strength of a hand of 5, 6 or 7 cards given as a card mask.

    >>> from assistant.cards import cards_to_mask, parse_cards
    >>> describe(evaluate(cards_to_mask(parse_cards("Ah Kh Qh Jh Th 2c 2d"))))
    'royal flush'
    """
    return int(evaluate_many(np.array([mask], dtype=np.uint64))[0])


def evaluate_many(masks: np.ndarray) -> np.ndarray:
    """The strengths (int32) of a 1-d array of card masks (uint64), 5 to 7 cards each."""
    masks = np.asarray(masks)
    uint64 = masks.dtype == np.uint64  # the kernel's own type: no dtype test to make
    if masks.ndim != 1 or not (uint64 or np.issubdtype(masks.dtype, np.integer)
                               or masks.size == 0):
        raise PokerInputError(f"expected a 1-d array of integer card masks, got {masks.dtype}"
                              f" with shape {masks.shape}")
    if not uint64:
        if masks.size and masks.min() < 0:
            raise PokerInputError(f"{int(masks.min()):#x} is not a card mask")
        masks = masks.astype(np.uint64)
    out = np.empty(masks.size, dtype=np.int32)
    bad = _strengths(masks, load_tables(), out)
    if bad >= 0:  # the kernel checks each mask as it goes
        mask = int(masks[bad])
        if mask > DECK_MASK:
            raise PokerInputError(f"masks[{bad}] = {mask:#x} sets bits above card 51")
        raise PokerInputError(f"masks[{bad}] = {mask:#x} holds {mask.bit_count()} cards;"
                              f" a hand has {MIN_CARDS} to {MAX_CARDS}")
    return out


def category_name(strength: int) -> str:
    """The category of a strength in words, e.g. ``'two pair'``."""
    _class_row(strength)
    return CATEGORY_NAMES[strength >> CATEGORY_SHIFT]


def describe(strength: int) -> str:
    """A readable description of a strength, e.g. ``'two pair, kings and sevens'``.

    >>> from assistant.cards import cards_to_mask, parse_cards
    >>> describe(evaluate(cards_to_mask(parse_cards("Kd Ks 7h 7c 2d"))))
    'two pair, kings and sevens'
    """
    ranks = load_tables().class_ranks[_class_row(strength)]
    first, second = int(ranks[0]), int(ranks[1])
    category = strength >> CATEGORY_SHIFT
    if category == HIGH_CARD:
        return f"{RANK_NAMES[first]} high"
    if category in (FLUSH, STRAIGHT):
        return f"{CATEGORY_NAMES[category]}, {RANK_NAMES[first]} high"
    if category == STRAIGHT_FLUSH:
        return "royal flush" if first == ACE else f"straight flush, {RANK_NAMES[first]} high"
    if category == TWO_PAIR:
        return f"two pair, {RANK_PLURALS[first]} and {RANK_PLURALS[second]}"
    if category == FULL_HOUSE:
        return f"full house, {RANK_PLURALS[first]} full of {RANK_PLURALS[second]}"
    if category == PAIR:
        return f"pair of {RANK_PLURALS[first]}"
    assert category in (THREE_OF_A_KIND, FOUR_OF_A_KIND)
    return f"{CATEGORY_NAMES[category]}, {RANK_PLURALS[first]}"


def _class_row(strength: int) -> int:
    """The row of a strength in the class table; rejects numbers that are no strength."""
    classes = load_tables().class_strength
    if isinstance(strength, (int, np.integer)) and not isinstance(strength, bool):
        row = int(np.searchsorted(classes, strength))
        if row < classes.size and classes[row] == strength:
            return row
    raise PokerInputError(f"{strength!r} is not a hand strength")


@njit(cache=True, nogil=True)
def _count_categories(n_cards: int, t: EvalTables) -> np.ndarray:
    """Category counts over every n-card hand, evaluating each mask from scratch."""
    counts = np.zeros(N_CATEGORIES, np.int64)
    idx = np.arange(n_cards)
    while True:
        mask = 0
        for i in range(n_cards):
            mask |= 1 << idx[i]
        counts[mask_strength(mask, t) >> CATEGORY_SHIFT] += 1
        i = n_cards - 1
        while i >= 0 and idx[i] == N_CARDS - n_cards + i:
            i -= 1
        if i < 0:
            return counts
        idx[i] += 1
        for j in range(i + 1, n_cards):
            idx[j] = idx[j - 1] + 1


@njit(cache=True, nogil=True)
def _count_categories_7(t: EvalTables) -> np.ndarray:
    """Category counts over all 7-card hands, evaluating each incrementally.

    The rank key and suit masks grow card by card; each 6-card prefix is hashed
    once and its 7th cards read ``t.add_rank``.  Flush tables are consulted only
    below prefixes holding four or more cards of one suit.
    """
    counts = np.zeros((4, 16), np.int64)  # four copies: consecutive hands hit different ones
    key = np.empty(N_CARDS, np.int64)
    packed_suit = np.empty(N_CARDS, np.int64)  # one byte per suit: the suit's card count
    for c in range(N_CARDS):
        key[c] = t.suit_keys[1 << (c % SUIT_BITS)]
        packed_suit[c] = 1 << (8 * (c // SUIT_BITS))
    suit_mask = np.zeros(4, np.int64)
    for a in range(N_CARDS - 6):
        suit_mask[a // SUIT_BITS] |= 1 << (a % SUIT_BITS)
        for b in range(a + 1, N_CARDS - 5):
            suit_mask[b // SUIT_BITS] |= 1 << (b % SUIT_BITS)
            for c in range(b + 1, N_CARDS - 4):
                suit_mask[c // SUIT_BITS] |= 1 << (c % SUIT_BITS)
                for d in range(c + 1, N_CARDS - 3):
                    suit_mask[d // SUIT_BITS] |= 1 << (d % SUIT_BITS)
                    for e in range(d + 1, N_CARDS - 2):
                        suit_mask[e // SUIT_BITS] |= 1 << (e % SUIT_BITS)
                        k5 = key[a] + key[b] + key[c] + key[d] + key[e]
                        p5 = (packed_suit[a] + packed_suit[b] + packed_suit[c]
                              + packed_suit[d] + packed_suit[e])
                        for f in range(e + 1, N_CARDS - 1):
                            k6 = k5 + key[f]
                            row = rank_position(k6, t)
                            if ((p5 + packed_suit[f] + 0x7C7C7C7C) & 0x80808080) == 0:
                                for g in range(f + 1, N_CARDS):
                                    v = t.add_rank[row, g % SUIT_BITS]
                                    counts[g & 3, v >> CATEGORY_SHIFT] += 1
                            else:
                                fs = f // SUIT_BITS
                                suit_mask[fs] |= 1 << (f % SUIT_BITS)
                                flush6 = max(max(t.flush[suit_mask[0]], t.flush[suit_mask[1]]),
                                             max(t.flush[suit_mask[2]], t.flush[suit_mask[3]]))
                                for g in range(f + 1, N_CARDS):
                                    gs = g // SUIT_BITS
                                    v = max(t.flush[suit_mask[gs] | (1 << (g % SUIT_BITS))],
                                            flush6)
                                    if v == 0:
                                        v = t.add_rank[row, g % SUIT_BITS]
                                    counts[g & 3, v >> CATEGORY_SHIFT] += 1
                                suit_mask[fs] &= ~(1 << (f % SUIT_BITS))
                        suit_mask[e // SUIT_BITS] &= ~(1 << (e % SUIT_BITS))
                    suit_mask[d // SUIT_BITS] &= ~(1 << (d % SUIT_BITS))
                suit_mask[c // SUIT_BITS] &= ~(1 << (c % SUIT_BITS))
            suit_mask[b // SUIT_BITS] &= ~(1 << (b % SUIT_BITS))
        suit_mask[a // SUIT_BITS] &= ~(1 << (a % SUIT_BITS))
    return counts.sum(axis=0)[:N_CATEGORIES]


def category_counts(n_cards: int, *, incremental: bool = True) -> np.ndarray:
    """How many of all ``n_cards``-card hands (5, 6 or 7) fall in each category.

    Every hand is enumerated and evaluated.  For seven cards the default walks the
    hands incrementally (the fast path); ``incremental=False`` evaluates each mask
    from scratch, as :func:`evaluate_many` does.
    """
    if n_cards not in (5, 6, 7):
        raise PokerInputError(f"{n_cards!r} cards: a hand has {MIN_CARDS} to {MAX_CARDS}")
    tables = load_tables()
    if n_cards == 7 and incremental:
        return _count_categories_7(tables)
    return _count_categories(n_cards, tables)
