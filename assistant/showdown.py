"""Hero against every opponent combo on every runout: the counts the opponent model and
the growth with answers are built on.

At a decision hero holds ``hero`` on ``board`` with ``dead`` cards out of play.  A
*runout* is a set of cards that completes the board to five: every one on the flop
(1,081) and turn (46), the single empty one on the river, and a fixed seeded sample of
:data:`PREFLOP_BOARDS` boards preflop.  For each runout ``r`` and each of the 1,326
combos ``c`` of :mod:`assistant.combos`, :class:`Showdown` counts the runouts on which
hero beats, ties and meets (``c`` shares no card with hero, the board, the dead cards or
the runout) that holding (``totals``), and, when several ranges meet, sums for each
range and runout the weight of the combos hero beats, ties and meets
(:meth:`Showdown.runout_sums`).

For opponents ``j`` with weight vectors ``w_j`` (independent given the board; card
clashes *between* opponents are ignored, a small effect), the probability that hero
beats all of them is ``sum_r prod_j beaten_j[r] / sum_r prod_j live_j[r]``, where
``beaten_j[r]`` is the weight of the combos of ``w_j`` hero beats on runout ``r`` and
``live_j[r]`` that of its combos live on it.  With one opponent this is exact: every
live combo is live on the same number of runouts, so the ratio of sums is the equity of
the deal (flop, turn and river), and it needs only the totals.  Preflop it is the same
ratio over the sampled boards, a Monte Carlo estimate.

:func:`board_strength` is each combo's equity against one random hand on the board
(``s(c)`` of the opponent model): how strong an opponent holding ``c`` thinks it is.  It
knows nothing of hero's cards.
"""

import functools
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from assistant.combos import COMBO_CARDS, N_COMBOS, live_combos
from assistant.encoding import N_CARDS, N_RANKS, N_SUITS, SUIT_BITS, SUIT_MASK
from assistant.equity_kernels import popcount13
from assistant.evaluator import EvalTables, load_tables, mask_strength, rank_position
from assistant.opponents.priors import preflop_strength

PREFLOP_BOARDS = 600
"""How many five-card boards a preflop showdown samples (seeded: advice is repeatable)."""
PREFLOP_SEED = 20_261_125
"""The seed of the preflop board sample."""
STRENGTH_RUNOUTS = 300
"""How many flop runouts the opponents' strength averages over."""
CACHE_SIZE = 16
"""Showdowns kept, so the window's repeated questions at one decision are free."""
OUTCOMES_KEPT = 32
"""Outcomes against several ranges a showdown keeps (:meth:`Showdown.outcome`)."""


@njit(cache=True, nogil=True, inline="always")
def _runout_tables(board: np.int64, hero_mask: np.uint64, t: EvalTables,
                   rows: np.ndarray) -> tuple[int, int, int]:
    """On a five-card ``board``: hero's strength (-1 without hero), the one suit that can
    make a flush (three or more board cards) or -1, and the row of :func:`_plain_tables`
    of the board's ranks (``rows`` is its first array)."""
    h = mask_strength(np.int64(hero_mask) | board, t) if hero_mask else -1
    key = np.int64(0)
    flush_suit = -1
    for s in range(N_SUITS):
        suit = (board >> (SUIT_BITS * s)) & SUIT_MASK
        key += t.suit_keys[suit]
        if popcount13(suit) >= 3:
            flush_suit = s
    return h, flush_suit, rows[rank_position(key, t)]


@njit(cache=True, nogil=True)
def _fill_plain_tables(t: EvalTables, rows: np.ndarray, plains: np.ndarray) -> None:
    """For every multiset of five ranks (at most four of one), its row of
    :func:`_plain_tables`: ``rows[rank_position(key)]`` is its place in ``plains``."""
    rank_key = _rank_keys(t)
    ranks = np.zeros(N_RANKS, np.int64)
    made = 0
    for r1 in range(N_RANKS):
        for r2 in range(r1, N_RANKS):
            for r3 in range(r2, N_RANKS):
                for r4 in range(r3, N_RANKS):
                    for r5 in range(r4 + (r1 == r4), N_RANKS):  # not five of a rank
                        ranks[:] = 0
                        for r in (r1, r2, r3, r4, r5):
                            ranks[r] += 1
                        key = (rank_key[r1] + rank_key[r2] + rank_key[r3] + rank_key[r4]
                               + rank_key[r5])
                        rows[rank_position(key, t)] = made
                        plain = plains[made]
                        for a in range(N_RANKS):
                            for b in range(a, N_RANKS):
                                # Only multisets of real cards (at most four of a rank).
                                if (ranks[a] + 1 + (a == b) <= 4
                                        and ranks[b] + 1 + (a == b) <= 4):
                                    v = np.int32(t.rank_strength[rank_position(
                                        key + rank_key[a] + rank_key[b], t)])
                                else:
                                    v = np.int32(-1)
                                plain[a, b] = plain[b, a] = v
                        made += 1


FIVE_RANK_SETS = 6175
"""Multisets of five ranks with at most four of one: C(17, 5) less the 13 of five."""


@functools.cache
def _plain_tables() -> tuple[np.ndarray, np.ndarray]:
    """The strength without a flush of every five-card board and each pair of ranks,
    which depends on the board's ranks alone: int32 ``(6175, 13, 13)`` tables, -1 for
    pairs no two cards can make, and int64 ``rows`` by the board's rank position
    (:func:`assistant.evaluator.rank_position`) giving its table (-1 for other
    positions).  Made once (91 look-ups per board), so that a runout's table is one
    read."""
    t = load_tables()
    rows = np.full(t.rank_strength.size, -1, np.int64)
    plains = np.empty((FIVE_RANK_SETS, N_RANKS, N_RANKS), np.int32)
    _fill_plain_tables(t, rows, plains)
    rows.setflags(write=False)
    plains.setflags(write=False)
    return rows, plains


@njit(cache=True, nogil=True, inline="always")
def _rank_keys(t: EvalTables) -> np.ndarray:
    out = np.empty(N_RANKS, np.int64)
    for r in range(N_RANKS):
        out[r] = t.suit_keys[1 << r]
    return out


@njit(cache=True, nogil=True, inline="always")
def _flush_suit_cards(board: np.int64, gone: np.int64, flush_suit: int,
                      alive: np.ndarray) -> tuple[np.int64, int, int]:
    """On a five-card ``board`` whose flush suit is ``flush_suit`` (not -1): the board's
    ranks of the suit (a rank mask), how many there are, and how many live cards of the
    suit it lists (lowest first) into ``alive``."""
    base = (board >> (SUIT_BITS * flush_suit)) & SUIT_MASK
    on_board = popcount13(base)
    suited = 0
    for r in range(N_RANKS):
        if not (gone >> (SUIT_BITS * flush_suit + r)) & 1:
            alive[suited] = SUIT_BITS * flush_suit + r
            suited += 1
    return base, on_board, suited


@njit(cache=True, nogil=True, inline="always")
def _flush_pairs(board: np.int64, gone: np.int64, flush_suit: int, t: EvalTables,
                 alive: np.ndarray, out: np.ndarray) -> int:
    """The live combos that make a flush on a five-card ``board`` whose flush suit is
    ``flush_suit`` (-1: none), into ``out`` rows ``(combo, flush strength, pair of
    ranks)``, the pair of ranks as its place in a flattened table by two ranks (13 times
    the lower rank plus the higher); returns how many.

    Both cards must be of the suit with three on the board, one with four, any with
    five.  The live cards of the suit are listed first (into ``alive``:
    :func:`_flush_suit_cards`), so the pairs that can make one are those whose first
    card is of the suit (any pair with five on the board), and whose second is too with
    three.
    """
    if flush_suit < 0:
        return 0
    base, on_board, suited = _flush_suit_cards(board, gone, flush_suit, alive)
    count = suited
    if on_board > 3:  # the other cards pair with the suit's
        for card in range(N_CARDS):
            if not (gone >> card) & 1 and card // SUIT_BITS != flush_suit:
                alive[count] = card
                count += 1
    found = 0
    for x in range(count if on_board == 5 else suited):
        a = alive[x]
        ra = a % SUIT_BITS
        with_a = base | (1 << ra) if x < suited else base
        for y in range(x + 1, suited if on_board == 3 else count):
            b = alive[y]
            rb = b % SUIT_BITS
            out[found, 0] = _combo(min(a, b), max(a, b))
            out[found, 1] = t.flush[with_a | (1 << rb) if y < suited else with_a]
            out[found, 2] = N_RANKS * min(ra, rb) + max(ra, rb)
            found += 1
    return found


@njit(cache=True, nogil=True)
def _counts(hero_mask: np.uint64, board_mask: np.uint64, blocked: np.uint64,
            runouts: np.ndarray, t: EvalTables, rows: np.ndarray, plains: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Hero's strength per runout (-1 without hero), and per combo the runouts on which
    hero beats, ties and meets it, counted by ranks and cards instead of combo by combo
    (``rows`` and ``plains`` are :func:`_plain_tables`').

    Without a flush, whether hero beats a combo ``(a, b)`` on a runout depends only on
    its ranks (``beats[ra, rb]``: hero's strength above ``plain[ra, rb]`` of
    :func:`_runout_tables`), and the combo meets the runout unless the runout holds ``a``
    or ``b``.  So over the runouts ``r``::

        wins(a, b) = sum_r beats_r[ra, rb] - sum_{r holds a} beats_r[ra, rb]
                     - sum_{r holds b} beats_r[ra, rb] + sum_{r holds a and b} beats_r[ra, rb]
                     + (the flushes' corrections)

    which costs each runout 169 additions, 13 per runout card and one per pair of them.
    Ties the same; the deals are the runouts less those holding ``a`` or ``b``.  The
    combos that make a flush (three or more board cards of a suit) are corrected
    (:func:`_count_flushes`).  The totals are whole numbers, tested against the
    strengths (:func:`_fill_strengths`), and those against the evaluator.
    """
    n = runouts.size
    hero = np.full(n, -1, np.int32)
    all_win = np.zeros(N_RANKS * N_RANKS, np.int64)  # by pair of ranks, 13 ra + rb
    all_tie = np.zeros(N_RANKS * N_RANKS, np.int64)
    card_win = np.zeros((N_CARDS, N_RANKS), np.int64)
    card_tie = np.zeros((N_CARDS, N_RANKS), np.int64)
    card_count = np.zeros(N_CARDS, np.int64)
    pair_win = np.zeros(N_COMBOS, np.int64)
    pair_tie = np.zeros(N_COMBOS, np.int64)
    pair_count = np.zeros(N_COMBOS, np.int64)
    one = np.zeros((2, N_CARDS, N_RANKS + 1), np.int64)
    none = np.zeros((2, N_SUITS, N_RANKS * N_RANKS + 1), np.int64)
    cards = np.empty(5, np.int64)
    alive = np.empty(N_CARDS, np.int64)
    fives = False
    for i in range(n):
        board = np.int64(board_mask | runouts[i])
        gone = np.int64(blocked | runouts[i])
        h, flush_suit, row = _runout_tables(board, hero_mask, t, rows)
        plain = plains[row]
        hero[i] = h
        flat = plain.reshape(N_RANKS * N_RANKS)
        for p in range(N_RANKS * N_RANKS):  # one flat loop: it runs as vectors
            all_win[p] += h > flat[p]
            all_tie[p] += h == flat[p]
        held = _cards_of(np.int64(runouts[i]), cards)
        for k in range(held):
            a = cards[k]
            card_count[a] += 1
            for r in range(N_RANKS):
                card_win[a, r] += h > plain[a % SUIT_BITS, r]
                card_tie[a, r] += h == plain[a % SUIT_BITS, r]
            for m in range(k + 1, held):
                b = cards[m]
                c = _combo(a, b)
                pair_count[c] += 1
                pair_win[c] += h > plain[a % SUIT_BITS, b % SUIT_BITS]
                pair_tie[c] += h == plain[a % SUIT_BITS, b % SUIT_BITS]
        if flush_suit >= 0:
            fives |= _count_flushes(h, board, gone, flush_suit, t, plain, cards[:held],
                                    alive, pair_win, pair_tie, one, none)
    win = np.zeros(N_COMBOS)
    tie = np.zeros(N_COMBOS)
    live = np.zeros(N_COMBOS)
    for a in range(N_CARDS - 1):
        for b in range(a + 1, N_CARDS):
            if (np.int64(blocked) >> a) & 1 or (np.int64(blocked) >> b) & 1:
                continue
            c = _combo(a, b)
            ra, rb = a % SUIT_BITS, b % SUIT_BITS
            sa, sb = a // SUIT_BITS, b // SUIT_BITS
            live[c] = n - card_count[a] - card_count[b] + pair_count[c]
            won = all_win[N_RANKS * ra + rb] - card_win[a, rb] - card_win[b, ra] + pair_win[c]
            tied = all_tie[N_RANKS * ra + rb] - card_tie[a, rb] - card_tie[b, ra] + pair_tie[c]
            if sa != sb:  # one card of a flush suit
                won += one[0, a, N_RANKS] - one[0, a, rb] + one[0, b, N_RANKS] - one[0, b, ra]
                tied += one[1, a, N_RANKS] - one[1, a, rb] + one[1, b, N_RANKS] - one[1, b, ra]
            if fives:  # no card of a flush suit of five
                for s in range(N_SUITS):
                    if s != sa and s != sb:
                        won += none[0, s, N_RANKS * N_RANKS] - none[0, s, N_RANKS * ra + rb]
                        tied += none[1, s, N_RANKS * N_RANKS] - none[1, s, N_RANKS * ra + rb]
            win[c] = won
            tie[c] = tied
    return hero, win, tie, live


@njit(cache=True, nogil=True, inline="always")
def _count_flushes(h: int, board: np.int64, gone: np.int64, flush_suit: int, t: EvalTables,
                   plain: np.ndarray, runout_cards: np.ndarray, alive: np.ndarray,
                   pair_win: np.ndarray, pair_tie: np.ndarray, one: np.ndarray,
                   none: np.ndarray) -> bool:
    """:func:`_counts`' corrections for the live combos that make a flush on a runout
    (``board`` and ``gone`` its cards; ``plain`` its table; hero's strength ``h``),
    which :func:`_counts` counted at their strength without one; whether the board holds
    five of the suit.

    A combo of two cards of the suit is corrected by itself (at most 45 of them).  With
    four or five of the suit on the board, a card ``x`` of the suit makes the flush
    ``t.flush[base | x]`` with any card of another suit ``y``, so these corrections are
    counted by ``x``: ``one[0, x, 13]`` the runouts on which ``x`` is live and hero beats
    that flush, ``one[0, x, r]`` those on which hero beats ``plain[rx, r]`` (``one[1]``
    ties), to be taken for each combo ``(x, y)`` as ``one[., x, 13] - one[., x, ry]``;
    the runout's own cards of another suit, with which ``x`` makes no combo, are taken
    back one by one.  With five of the suit, the combos of no card of it make the board's
    flush: counted by suit in ``none[., s, 169]`` and, by pair of ranks ``13 ra + rb``,
    at their plain strength in ``none[., s, :169]`` (the runout's cards are all of the
    suit, so every such combo that is not blocked is live).  This spares the few
    hundred combos of a suit of four one by one (the rows :func:`_flush_pairs` lists for
    :func:`_range_sums`).
    """
    base, on_board, suited = _flush_suit_cards(board, gone, flush_suit, alive)
    for x in range(suited):
        a = alive[x]
        ra = a % SUIT_BITS
        for y in range(x + 1, suited):
            b = alive[y]
            rb = b % SUIT_BITS
            f = t.flush[base | (1 << ra) | (1 << rb)]
            pair_win[_combo(a, b)] += (h > f) - (h > plain[ra, rb])
            pair_tie[_combo(a, b)] += (h == f) - (h == plain[ra, rb])
    if on_board < 4:
        return False
    for x in range(suited):
        a = alive[x]
        ra = a % SUIT_BITS
        f = t.flush[base | (1 << ra)]
        won, tied = h > f, h == f
        one[0, a, N_RANKS] += won
        one[1, a, N_RANKS] += tied
        for r in range(N_RANKS):
            one[0, a, r] += h > plain[ra, r]
            one[1, a, r] += h == plain[ra, r]
        for b in runout_cards:
            if b // SUIT_BITS != flush_suit:
                c = _combo(min(a, b), max(a, b))
                pair_win[c] -= won - (h > plain[ra, b % SUIT_BITS])
                pair_tie[c] -= tied - (h == plain[ra, b % SUIT_BITS])
    if on_board < 5:
        return False
    f = t.flush[base]
    none[0, flush_suit, N_RANKS * N_RANKS] += h > f
    none[1, flush_suit, N_RANKS * N_RANKS] += h == f
    flat = plain.reshape(N_RANKS * N_RANKS)
    for p in range(N_RANKS * N_RANKS):
        none[0, flush_suit, p] += h > flat[p]
        none[1, flush_suit, p] += h == flat[p]
    return True


@njit(cache=True, nogil=True)
def _fill_strengths(board_mask: np.uint64, blocked: np.uint64, runouts: np.ndarray,
                    t: EvalTables, rows: np.ndarray, plains: np.ndarray,
                    strengths: np.ndarray, combo_pairs: np.ndarray, combos_of: np.ndarray
                    ) -> None:
    """Each combo's strength on each runout into ``strengths`` (int32 ``(runouts,
    1326)``, -1 where not live): on a runout the strength without a flush of the board
    and any two ranks is one table (``rows`` and ``plains`` are :func:`_plain_tables`'),
    so a combo's strength is a read of that small table, or the flush table's for the
    few combos that make a flush (:func:`_flush_pairs`).  ``combo_pairs`` and
    ``combos_of`` are :func:`_combo_tables`'.
    """
    flushes = np.empty((N_COMBOS, 3), np.int64)
    alive = np.empty(N_CARDS, np.int64)
    for i in range(runouts.size):
        board = np.int64(board_mask | runouts[i])
        gone = np.int64(blocked | runouts[i])
        _, flush_suit, plain_row = _runout_tables(board, np.uint64(0), t, rows)
        flushed = _flush_pairs(board, gone, flush_suit, t, alive, flushes)
        row = strengths[i]
        flat = plains[plain_row].reshape(N_RANKS * N_RANKS)
        for c in range(N_COMBOS):
            row[c] = flat[combo_pairs[c]]
        for card in range(N_CARDS):
            if (gone >> card) & 1:
                for c in combos_of[card]:
                    row[c] = -1
        for k in range(flushed):
            row[flushes[k, 0]] = flushes[k, 1]


_DE_BRUIJN = np.int64(0x03F79D71B4CB0A89)
"""A de Bruijn sequence of 64 bits: a power of two times it, shifted right 58 places,
is a different number from 0 to 63 for each power (its top six bits)."""


def _bit_index() -> np.ndarray:
    """int64 (64,): which bit a power of two is, by the top six bits of it times
    :data:`_DE_BRUIJN` (as a kernel multiplies: modulo 2**64)."""
    out = np.zeros(64, np.int64)
    for bit in range(64):
        out[((1 << bit) * int(_DE_BRUIJN)) % 2**64 >> 58] = bit
    return out


_BIT_INDEX = _bit_index()


@njit(cache=True, nogil=True, inline="always")
def _cards_of(mask: np.int64, cards: np.ndarray) -> int:
    """The cards of a runout's mask into ``cards``, lowest first; returns how many (bit
    by bit: the lowest set bit's place from :data:`_BIT_INDEX`)."""
    held = 0
    while mask:
        lowest = mask & -mask
        cards[held] = _BIT_INDEX[((lowest * _DE_BRUIJN) >> 58) & 63]
        held += 1
        mask ^= lowest
    return held


LANES = 8
"""Ranges summed side by side in :func:`_range_sums`' steps (padded to a multiple)."""
_CARD_ROWS = N_CARDS
"""Where :func:`_range_sums`' table of rows of weights holds, after each card's total,
each card's weight by the other card's rank (13 rows a card)."""
_COMBO_ROWS = N_CARDS + N_CARDS * N_RANKS
"""Where it holds each combo's weight (1,326 rows)."""
_RUNOUT_STEPS = 5 + 10 + 2 * (5 * N_RANKS + 10)
"""The most steps a runout of five cards makes without its flushes (:func:`_sum_steps`)."""


@njit(cache=True, nogil=True, inline="always")
def _hero_steps(h: int, plain: np.ndarray, cards: np.ndarray, held: int, flushes: np.ndarray,
                flushed: int, tie: bool, steps: np.ndarray, made: int) -> int:
    """:func:`_sum_steps`' steps of the weight beaten (``tie`` False) or tied on one
    runout, after ``made`` steps; returns the steps made.  Each step is written whether
    it is kept or not, and kept by moving on: no branch to mispredict.  On most runouts
    hero ties no pair of ranks of a runout card: their cards make no step of the weight
    tied, found by counting those ties first."""
    some = True
    if tie:
        level = 0
        for x in range(held):
            row = N_RANKS * (cards[x] % SUIT_BITS)
            for r in range(N_RANKS):
                level += h == plain[row + r]
        some = level > 0
    for x in range(held if some else 0):
        a = cards[x]
        row = N_RANKS * (a % SUIT_BITS)
        for r in range(N_RANKS):
            steps[made] = 2 * (_CARD_ROWS + N_RANKS * a + r) + 1
            made += (h == plain[row + r]) if tie else (h > plain[row + r])
        for y in range(x + 1, held):
            p = row + cards[y] % SUIT_BITS
            steps[made] = 2 * (_COMBO_ROWS + _combo(a, cards[y]))
            made += (h == plain[p]) if tie else (h > plain[p])
    for f in range(flushed):
        strength, p = flushes[f, 1], flushes[f, 2]
        if tie:
            change = np.int64(h == strength) - np.int64(h == plain[p])
        else:
            change = np.int64(h > strength) - np.int64(h > plain[p])
        steps[made] = 2 * (_COMBO_ROWS + flushes[f, 0]) + (change < 0)
        made += change != 0
    return made


@njit(cache=True, nogil=True)
def _sum_steps(hero: np.ndarray, board_mask: np.uint64, blocked: np.uint64,
               runouts: np.ndarray, t: EvalTables, rows: np.ndarray, plains: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What :func:`_range_sums` adds on each runout beyond its pairs of ranks, worked out
    once per showdown (``hero`` is :func:`_counts`'; ``rows`` and ``plains``, flat
    ``(6175, 169)``, are :func:`_plain_tables`').

    The runouts of one rank row and one hero strength share their sums by pairs of
    ranks: they are a group, ``group_of`` each runout's, ``group_rows`` and
    ``group_hero`` each group's row of ``plains`` and hero's strength.  Per runout, the
    rows of :func:`_range_sums`' table it adds to or takes off the live, beaten and tied
    weights, in order: ``steps[at[3 i]:at[3 i + 1]]`` the live, then the beaten, then the
    tied; a step is twice the row, plus 1 when the row is taken off.  Steps that would
    add 0 times a row are left out (:func:`_hero_steps`); the combos that make a flush
    (:func:`_flush_pairs`) are corrected one by one.
    """
    n = runouts.size
    plain_rows = np.empty(n, np.int64)
    at = np.zeros(3 * n + 1, np.int64)
    steps = np.empty(n * _RUNOUT_STEPS, np.int32)
    flushes = np.empty((N_COMBOS, 3), np.int64)
    alive = np.empty(N_CARDS, np.int64)
    cards = np.empty(5, np.int64)
    made = 0
    for i in range(n):
        board = np.int64(board_mask | runouts[i])
        _, flush_suit, plain_rows[i] = _runout_tables(board, np.uint64(0), t, rows)
        flushed = _flush_pairs(board, np.int64(blocked | runouts[i]), flush_suit, t, alive,
                               flushes)
        if made + _RUNOUT_STEPS + 2 * flushed > steps.size:
            grown = np.empty(2 * (made + _RUNOUT_STEPS + 2 * flushed), np.int32)
            grown[:made] = steps[:made]
            steps = grown
        held = _cards_of(np.int64(runouts[i]), cards)
        for x in range(held):  # the live weight
            steps[made] = 2 * cards[x] + 1
            made += 1
            for y in range(x + 1, held):
                steps[made] = 2 * (_COMBO_ROWS + _combo(cards[x], cards[y]))
                made += 1
        at[3 * i + 1] = made
        h, plain = hero[i], plains[plain_rows[i]]
        made = _hero_steps(h, plain, cards, held, flushes, flushed, False, steps, made)
        at[3 * i + 2] = made
        made = _hero_steps(h, plain, cards, held, flushes, flushed, True, steps, made)
        at[3 * i + 3] = made
    order = np.argsort(plain_rows * 65_536 + hero)  # strengths < 2**16
    group_of = np.empty(n, np.int64)
    firsts = np.empty(n, np.int64)
    groups = 0
    for x in range(n):
        i = order[x]
        if x == 0 or (plain_rows[i] != plain_rows[order[x - 1]]
                      or hero[i] != hero[order[x - 1]]):
            firsts[groups] = i
            groups += 1
        group_of[i] = groups - 1
    firsts = firsts[:groups]
    return plain_rows[firsts], hero[firsts], group_of, at, steps[:made].copy()


@njit(cache=True, nogil=True, fastmath=True)
def _range_sums(plains: np.ndarray, group_rows: np.ndarray, group_hero: np.ndarray,
                group_of: np.ndarray, at: np.ndarray, steps: np.ndarray,
                weights: np.ndarray, combo_cards: np.ndarray, combo_pairs: np.ndarray
                ) -> np.ndarray:
    """float64 ``(3, k, runouts)``: for each of ``k`` ranges (the rows of ``weights``,
    float64 ``(k, 1326)``, none on a combo that cannot be held) and each runout, the
    weight of its live combos, of those hero beats, and of those hero beats or ties.
    ``plains`` are :func:`_plain_tables`' (flat: ``(6175, 169)``), the groups, ``at``
    and ``steps`` :func:`_sum_steps`', ``combo_cards`` the combos' cards and
    ``combo_pairs`` :func:`_combo_tables`'.

    Counted by ranks, as :func:`_counts` counts its totals: on a runout hero beats a
    combo that makes no flush when hero's strength is above its two ranks' ``plain``
    entry, so the weight beaten is that of the 169 pairs of ranks hero beats (once per
    group of runouts of one rank row and hero strength; summed in any order:
    ``fastmath``'s reassociation lets them run as vectors),
    less the combos holding a runout card (by card and the other card's rank; a combo
    holding two of them is taken off twice and added back once), with the combos that
    make a flush corrected one by one: :func:`_sum_steps`' rows of ``table``, added in
    their order for :data:`LANES` ranges at once (the sums are kept in an array, which
    no reassociation reorders).
    The weight tied is summed apart and added to the weight beaten.  Sums that are 0 can
    come out a rounding below: they are kept at 0.
    """
    k, n = weights.shape[0], group_of.size
    width = LANES * ((k + LANES - 1) // LANES)
    table = np.zeros((_COMBO_ROWS + N_COMBOS, width))
    card_total = table[:_CARD_ROWS]
    by_card = table[_CARD_ROWS:_COMBO_ROWS]  # card times 13 plus the other's rank
    by_pair = np.zeros((k, N_RANKS * N_RANKS))
    for c in range(N_COMBOS):
        a, b = combo_cards[c, 0], combo_cards[c, 1]
        for j in range(k):
            w = weights[j, c]
            if w == 0.0:  # most combos after the flop
                continue
            by_pair[j, combo_pairs[c]] += w
            by_card[N_RANKS * a + b % SUIT_BITS, j] += w
            by_card[N_RANKS * b + a % SUIT_BITS, j] += w
            card_total[a, j] += w
            card_total[b, j] += w
    total = np.zeros(width)
    total[:k] = weights.sum(axis=1)
    table[_COMBO_ROWS:, :k] = weights.T
    base = np.zeros((group_rows.size, 2, width))
    beats = np.empty(N_RANKS * N_RANKS)
    tie_pairs = np.empty(N_RANKS * N_RANKS, np.int64)
    for g in range(group_rows.size):
        h, plain = group_hero[g], plains[group_rows[g]]
        n_ties = 0
        for p in range(N_RANKS * N_RANKS):
            beats[p] = 1.0 if h > plain[p] else 0.0
            n_ties += h == plain[p]
        if n_ties:  # seldom
            n_ties = 0
            for p in range(N_RANKS * N_RANKS):
                if h == plain[p]:
                    tie_pairs[n_ties] = p
                    n_ties += 1
        for j in range(k):  # the pairs of ranks: a product of 169 for each range
            beaten = 0.0
            for p in range(N_RANKS * N_RANKS):
                beaten += beats[p] * by_pair[j, p]
            base[g, 0, j] = beaten
            tying = 0.0
            for t in range(n_ties):
                tying += by_pair[j, tie_pairs[t]]
            base[g, 1, j] = tying
    out = np.zeros((3, k, n))
    acc = np.empty(LANES)
    for lane in range(0, width, LANES):
        for i in range(n):
            for kind in range(3):
                if kind == 0:
                    acc[:] = total[lane:lane + LANES]
                else:
                    acc[:] = base[group_of[i], kind - 1, lane:lane + LANES]
                for s in range(at[3 * i + kind], at[3 * i + kind + 1]):
                    step = steps[s]
                    sign = 1.0 - 2.0 * (step & 1)
                    row = step >> 1
                    for x in range(LANES):
                        acc[x] += sign * table[row, lane + x]
                for x in range(min(LANES, k - lane)):
                    if kind == 2:
                        out[2, lane + x, i] = max(out[1, lane + x, i] + acc[x], 0.0)
                        out[1, lane + x, i] = max(out[1, lane + x, i], 0.0)
                    else:
                        out[kind, lane + x, i] = acc[x] if kind == 1 else max(acc[x], 0.0)
    return out


@njit(cache=True, nogil=True, inline="always")
def _combo(low: int, high: int) -> int:
    """The index of the combo of cards ``low < high`` (:func:`assistant.combos.combo_index`)."""
    return low * (2 * N_CARDS - low - 1) // 2 + (high - low - 1)


@njit(cache=True, nogil=True, inline="always")
def _tally(kind: int, amount: int, counts: np.ndarray, marks: np.ndarray,
           words: np.ndarray) -> None:
    """Count ``amount`` combos of class ``kind``, and mark the class present (bit
    ``kind`` of ``marks``), and its word of ``marks`` (bit ``kind >> 6`` of ``words``)."""
    counts[kind] += amount
    marks[kind >> 6] |= np.int64(1) << (kind & 63)
    words[kind >> 12] |= np.int64(1) << ((kind >> 6) & 63)


@njit(cache=True, nogil=True)
def _board_shares(board_mask: np.uint64, blocked: np.uint64, runouts: np.ndarray,
                  t: EvalTables, rows: np.ndarray, plain_classes: np.ndarray,
                  class_of: np.ndarray, n_classes: int, place: np.ndarray, starts: np.ndarray,
                  combos_of: np.ndarray
                  ) -> np.ndarray:
    """Mean over runouts of each live combo's share of the live combos it beats (ties
    half), NaN for a combo live on no runout or holding a ``blocked`` card (``rows``:
    :func:`_plain_tables`'; ``plain_classes``: :func:`_plain_classes`; ``place`` and
    ``starts``: :func:`_rank_order`'; ``combos_of``: :func:`_combo_tables`').

    On a runout the live combos are counted by hand class (``class_of`` maps a strength
    to its rank among the ``n_classes`` classes) without looking at them one by one:
    a combo without a flush has the class of its two ranks (:func:`_plain_classes`),
    and the live combos of ranks ``(a, b)`` are the products of the live cards of each
    rank (pairs: the pairs of them), less the ones that make a flush
    (:func:`_flush_pairs`), counted apart.  The combos below a class are then a running
    sum over the classes present, in order (marked in a bit set, and its words in
    another), and each class's share is worked out once and added to each live combo's
    total, runout after runout (the totals kept in the order of ``place``, where a pair
    of ranks' combos are side by side, so that its share is written to them in a run).
    """
    pairs = np.zeros((N_RANKS, N_RANKS), np.int64)
    live_rank = np.zeros(N_RANKS, np.int64)
    unblocked = np.zeros(N_RANKS, np.int64)  # the live cards of each rank, by the blocked
    for card in range(N_CARDS):
        if not (np.int64(blocked) >> card) & 1:
            unblocked[card % SUIT_BITS] += 1
    counts = np.zeros(n_classes, np.int64)
    share = np.zeros(n_classes)
    marks = np.zeros(n_classes // 64 + 1, np.int64)
    words = np.zeros(marks.size // 64 + 1, np.int64)
    special = np.full(N_COMBOS, -1, np.int64)
    kinds = np.zeros(N_RANKS * N_RANKS, np.int64)
    alive = np.empty(N_CARDS, np.int64)
    cards = np.empty(5, np.int64)
    flushes = np.empty((N_COMBOS, 3), np.int64)
    total = np.zeros(N_COMBOS)
    values = np.zeros(N_COMBOS)
    dead = np.zeros(N_COMBOS, np.int64)
    stamp = np.full(N_COMBOS, -1, np.int64)
    used = 0
    for i in range(runouts.size):
        board = np.int64(board_mask | runouts[i])
        gone = np.int64(blocked | runouts[i])
        _, flush_suit, row = _runout_tables(board, np.uint64(0), t, rows)
        plain = plain_classes[row]
        held = _cards_of(np.int64(runouts[i]), cards)
        live_rank[:] = unblocked
        for k in range(held):
            live_rank[cards[k] % SUIT_BITS] -= 1
        for r1 in range(N_RANKS):
            pairs[r1, r1] = live_rank[r1] * (live_rank[r1] - 1) // 2
            for r2 in range(r1 + 1, N_RANKS):
                pairs[r1, r2] = live_rank[r1] * live_rank[r2]
        flushed = _flush_pairs(board, gone, flush_suit, t, alive, flushes)
        by_ranks = pairs.reshape(N_RANKS * N_RANKS)
        for k in range(flushed):
            by_ranks[flushes[k, 2]] -= 1
            kind = class_of[flushes[k, 1]]
            special[flushes[k, 0]] = kind
            _tally(kind, 1, counts, marks, words)
        n = flushed
        for r1 in range(N_RANKS):
            for r2 in range(r1, N_RANKS):
                if pairs[r1, r2] > 0:
                    kind = kinds[N_RANKS * r1 + r2] = plain[r1, r2]
                    _tally(kind, pairs[r1, r2], counts, marks, words)
                    n += pairs[r1, r2]
        run = 0
        for top in range(words.size):  # the classes present, in order, word by word
            present = words[top]
            words[top] = 0
            while present:
                first = present & -present
                word = 64 * top + _BIT_INDEX[((first * _DE_BRUIJN) >> 58) & 63]
                present ^= first
                bits = marks[word]
                marks[word] = 0
                while bits:
                    lowest = bits & -bits
                    kind = 64 * word + _BIT_INDEX[((lowest * _DE_BRUIJN) >> 58) & 63]
                    if n >= 2:
                        share[kind] = (run + 0.5 * (counts[kind] - 1)) / (n - 1)
                    run += counts[kind]
                    counts[kind] = 0
                    bits ^= lowest
        if n >= 2:
            # Each combo's share on this runout in a row, in the order of ``place`` (the
            # combos of a pair of ranks side by side), 0 for the combos the runout's cards
            # kill: added whole (adding 0 leaves a total as it is).  The combos of the
            # blocked cards are left as they come: they are NaN in the end.
            for r1 in range(N_RANKS):
                for r2 in range(r1, N_RANKS):
                    if pairs[r1, r2] > 0:
                        p = N_RANKS * r1 + r2
                        value = share[kinds[p]]
                        for x in range(starts[p], starts[p + 1]):
                            values[x] = value
            for k in range(flushed):
                c = flushes[k, 0]
                values[place[c]] = share[special[c]]
            for k in range(held):
                for c in combos_of[cards[k]]:
                    values[place[c]] = 0.0
                    dead[c] += stamp[c] != i
                    stamp[c] = i
            for x in range(N_COMBOS):
                total[x] += values[x]
            used += 1
        for k in range(flushed):
            special[flushes[k, 0]] = -1
    out = np.full(N_COMBOS, np.nan)
    for c in range(N_COMBOS):
        if used > dead[c]:
            out[c] = total[place[c]] / (used - dead[c])
    for card in range(N_CARDS):
        if (np.int64(blocked) >> card) & 1:
            for c in combos_of[card]:
                out[c] = np.nan
    return out


@functools.cache
def _combo_tables() -> tuple[np.ndarray, np.ndarray]:
    """int64 (1326,): each combo's place in a flattened table by two ranks (13 times its
    first card's rank plus its second's); int64 (52, 51): the combos holding each card."""
    holding = np.empty((N_CARDS, N_CARDS - 1), np.int64)
    for card in range(N_CARDS):
        holding[card] = np.flatnonzero((COMBO_CARDS[:, 0] == card) | (COMBO_CARDS[:, 1] == card))
    ranks = (COMBO_CARDS % SUIT_BITS).astype(np.int64)
    return N_RANKS * ranks[:, 0] + ranks[:, 1], holding


@functools.cache
def _rank_order() -> tuple[np.ndarray, np.ndarray]:
    """The combos ordered by their pair of ranks: int64 (1326,) each combo's place in
    that order, and int64 (170,) where the combos of each pair of ranks begin, by its
    place in a flattened table by two ranks (13 times the lower rank plus the higher;
    the combos of place ``p`` are ``starts[p]`` to ``starts[p + 1]``)."""
    ranks = np.sort(COMBO_CARDS % SUIT_BITS, axis=1).astype(np.int64)
    key = N_RANKS * ranks[:, 0] + ranks[:, 1]
    order = np.argsort(key, kind="stable")
    place = np.empty(N_COMBOS, np.int64)
    place[order] = np.arange(N_COMBOS)
    starts = np.searchsorted(key[order], np.arange(N_RANKS * N_RANKS + 1)).astype(np.int64)
    return place, starts


@functools.cache
def _class_index() -> np.ndarray:
    """int32 (2**16,): each strength's rank among the evaluator's classes."""
    classes = load_tables().class_strength
    return np.searchsorted(classes, np.arange(1 << 16)).astype(np.int32)


@functools.cache
def _plain_classes() -> np.ndarray:
    """int32 (6175, 13, 13): :func:`_plain_tables`' strengths as their classes
    (:func:`_class_index`; pairs no two cards can make are -1), so that a runout's
    classes by pair of ranks are one row, as its strengths are."""
    plains = _plain_tables()[1]
    out = np.where(plains >= 0, _class_index()[plains], -1).astype(np.int32)
    out.setflags(write=False)
    return out


@dataclass(frozen=True)
class Showdown:
    """Hero against every combo on every runout of one decision's cards.

    ``runout_masks`` are the runouts' cards (uint64 masks), ``hero`` int32
    ``(runouts,)`` hero's strength on each, and ``totals`` the runouts on which hero
    beats, ties and meets each combo: all that one opponent needs.  Several ranges need
    sums per runout (:meth:`runout_sums`), worked out from ``steps``, what each runout
    adds to them (:func:`_sum_steps`), made when first asked for (one opponent never
    needs them), as are the ``strengths`` (int32 ``(runouts, 1326)``: each combo's
    strength on each runout, -1 where it is not live).
    """

    hero_mask: int
    board_mask: int
    dead_mask: int
    runout_masks: np.ndarray
    hero: np.ndarray
    totals: tuple[np.ndarray, np.ndarray, np.ndarray]
    """float64 (1326,) each: the runouts on which hero beats, ties and meets each combo."""
    exact: bool
    known: dict[tuple[int, bytes], tuple[float, float]] = field(
        default_factory=dict, compare=False, repr=False)
    """The outcomes against several ranges worked out so far, by the ranges' content: a
    decision asks some twice (its odds, and its growth as if every hand called)."""

    @property
    def runouts(self) -> int:
        """The number of runouts (sampled boards preflop)."""
        return int(self.runout_masks.size)

    @property
    def blocked(self) -> int:
        """The mask of the cards no opponent can hold: hero's, the board's and the dead."""
        return self.hero_mask | self.board_mask | self.dead_mask

    def live_combos(self) -> np.ndarray:
        """bool (1326,): the combos an opponent can hold (:func:`combos.live_combos`)."""
        return live_combos(self.blocked)

    @functools.cached_property
    def steps(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """:func:`_sum_steps` of this showdown: what its range sums add on each runout."""
        rows, plains = _plain_tables()
        return _sum_steps(self.hero, np.uint64(self.board_mask), np.uint64(self.blocked),
                          self.runout_masks, load_tables(), rows,
                          plains.reshape(FIVE_RANK_SETS, N_RANKS * N_RANKS))

    @functools.cached_property
    def strengths(self) -> np.ndarray:
        """int32 (runouts, 1326): each combo's strength on each runout (-1: not live)."""
        out = np.empty((self.runouts, N_COMBOS), np.int32)
        _fill_strengths(np.uint64(self.board_mask), np.uint64(self.blocked), self.runout_masks,
                        load_tables(), *_plain_tables(), out, *_combo_tables())
        return out

    def runout_sums(self, ranges: np.ndarray) -> np.ndarray:
        """For each range (the rows of float ``(k, 1326)`` weights) and each runout, the
        weight of the live combos, of those hero beats, and of those hero beats or ties:
        float64 ``(3, k, runouts)`` (:func:`_range_sums`; weight on combos that cannot be
        held counts for nothing)."""
        weights = np.asarray(ranges, dtype=np.float64) * self.live_combos()
        plains = _plain_tables()[1].reshape(FIVE_RANK_SETS, N_RANKS * N_RANKS)
        return _range_sums(plains, *self.steps, weights, _COMBO_CARDS, _combo_tables()[0])

    def outcome(self, ranges: np.ndarray) -> tuple[float, float]:
        """Hero's chance to beat every opponent outright, and to tie the best of them,
        against independent ranges (float ``(1326,)`` weights, or ``(1326, k)`` for
        ``k`` opponents).  Returns ``(win, tie)``; ``(0, 0)`` if no deal is possible.
        """
        weights = np.asarray(ranges, dtype=np.float64)
        if weights.ndim == 2 and weights.shape[1] == 1:
            weights = weights[:, 0]
        if weights.ndim == 1:
            # One opponent: every live combo meets the same number of runouts, so the
            # ratio of sums is exact and needs no product per runout.
            win_total, tie_total, live_total = self.totals
            deals = float(live_total @ weights)
            if deals <= 0:
                return 0.0, 0.0
            return float(win_total @ weights) / deals, float(tie_total @ weights) / deals
        key = (weights.shape[1], weights.tobytes())
        if key not in self.known:
            if len(self.known) >= OUTCOMES_KEPT:
                self.known.clear()
            self.known[key] = self._several(weights)
        return self.known[key]

    def _several(self, weights: np.ndarray) -> tuple[float, float]:
        """:meth:`outcome` against the float64 ``(1326, k)`` ranges of several opponents:
        ``sum_r prod_j beaten_j[r] / sum_r prod_j live_j[r]`` over :meth:`runout_sums`.
        When every opponent has the same range (the every-hand-calls comparison), the
        sums are made for one and repeated."""
        k = weights.shape[1]
        if (weights == weights[:, :1]).all():
            sums = np.broadcast_to(self.runout_sums(weights[:, :1].T), (3, k, self.runouts))
        else:
            sums = self.runout_sums(weights.T)
        return self.outcome_of_products(np.prod(sums, axis=1))

    @staticmethod
    def outcome_of_products(products: np.ndarray) -> tuple[float, float]:
        """(win, tie) from float64 ``(3, runouts)``: per runout, the products over the
        opponents of their live, beaten and beaten-or-tied weights (:meth:`runout_sums`'
        rows multiplied): the chance to beat them all, and to tie the best, over the
        deals."""
        deals, beaten, level = products.sum(axis=1).tolist()
        if deals <= 0:
            return 0.0, 0.0
        win = beaten / deals
        return win, max(level / deals - win, 0.0)

    def equity_by_combo(self) -> np.ndarray:
        """float64 (1326,): hero's equity (win + tie / 2) against each combo (NaN if the
        combo cannot be held)."""
        win, tie, live = self.totals
        with np.errstate(invalid="ignore", divide="ignore"):
            out = (win + 0.5 * tie) / live
        out[live == 0] = np.nan
        return out


@functools.cache
def _preflop_picks(deck_size: int) -> np.ndarray:
    """int (PREFLOP_BOARDS, 5): the positions in a deck of ``deck_size`` cards of the
    sampled boards' cards (the same draws for every deck of that size)."""
    rng = np.random.default_rng(PREFLOP_SEED)
    picks = np.argsort(rng.random((PREFLOP_BOARDS, deck_size)), axis=1)[:, :5]
    picks.setflags(write=False)
    return picks


_CARDS = np.arange(N_CARDS, dtype=np.uint64)


@functools.cache
def _pairs(size: int) -> tuple[np.ndarray, np.ndarray]:
    """The first and second positions of every pair of ``size`` cards, in the order of
    itertools.combinations (kept: a deck's size repeats)."""
    first, second = np.triu_indices(size, 1)
    first.setflags(write=False)
    second.setflags(write=False)
    return first, second


def _runouts(board_mask: int, blocked: int) -> tuple[np.ndarray, bool]:
    """The runouts of a board: every completion after the flop, a seeded sample before."""
    deck = _CARDS[(np.uint64(blocked) >> _CARDS) & np.uint64(1) == 0]
    bits = np.uint64(1) << deck
    missing = 5 - board_mask.bit_count()
    if missing == 5:
        masks = np.bitwise_or.reduce(bits[_preflop_picks(deck.size)], axis=1)
        return masks.astype(np.uint64), False
    if missing == 2:  # every pair, in the order of itertools.combinations
        first, second = _pairs(deck.size)
        return bits[first] | bits[second], True
    if missing == 1:
        return bits, True
    return np.zeros(1, dtype=np.uint64), True


_COMBO_CARDS = COMBO_CARDS.astype(np.int64)


@functools.lru_cache(maxsize=CACHE_SIZE)
def showdown(hero_mask: int, board_mask: int, dead_mask: int = 0) -> Showdown:
    """The showdown of hero's two cards (a mask) on a board of 0, 3, 4 or 5
    cards with some dead cards (masks; validated by the caller)."""
    runouts, exact = _runouts(board_mask, hero_mask | board_mask | dead_mask)
    blocked = hero_mask | board_mask | dead_mask
    hero, win, tie, live = _counts(np.uint64(hero_mask), np.uint64(board_mask),
                                   np.uint64(blocked), runouts, load_tables(), *_plain_tables())
    return Showdown(hero_mask, board_mask, dead_mask, runouts, hero, (win, tie, live), exact)


@functools.lru_cache(maxsize=CACHE_SIZE)
def board_strength(board_mask: int) -> np.ndarray:
    """float64 (1326,): each combo's equity against one random hand on a board, as its
    holder sees it (hero's cards play no part; NaN for combos the board blocks).

    Preflop it is the exact heads-up equity of the combo's class (the preflop table).
    After the flop it is the mean over runouts of the share of live combos the combo
    beats, ties counting half, on every runout of the turn and river and on an even
    spread of :data:`STRENGTH_RUNOUTS` of the flop's 1,128: a model input, where a
    standard error near 0.01 is plenty.
    """
    if not board_mask:
        return preflop_strength()
    runouts, _ = _runouts(board_mask, board_mask)
    step = max(1, runouts.size // STRENGTH_RUNOUTS)
    classes = _class_index()
    out = _board_shares(np.uint64(board_mask), np.uint64(board_mask), runouts[::step],
                        load_tables(), _plain_tables()[0], _plain_classes(), classes,
                        int(classes[-1]) + 1, *_rank_order(), _combo_tables()[1])
    out.setflags(write=False)
    return out
