"""Numba kernels of the equity engine, on card indices, masks and numpy arrays.

Every kernel tallies outcomes from the first player's (hero's) side into an
int64 ``counts`` array with one bucket per outcome: ``counts[0]`` hero wins
alone, ``counts[s]`` hero ties for best with exactly ``s`` opponents, and
``counts[n + 1]`` hero loses, for ``n`` opponents.  Input is validated by
:mod:`assistant.equity`; kernels trust it.

* :func:`preflop_counts` -- known hands, no board: every board, counted through
  board rank multisets (about 6,000) with flush boards corrected afterwards
  (:func:`preflop_pot_counts`: the same counts from several hands' sides at once, in
  several pots of some of the hands).
* :func:`postflop_counts` -- known hands plus up to three random opponents on a
  flop, turn or river: every board completion, and per board the exact number of
  ways to deal the random opponents disjoint holdings that lose to, tie or beat
  hero, by inclusion-exclusion over shared cards.
* :func:`weighted_counts` -- hero's combos against one or two weighted ranges on a
  flop, turn or river: every board completion, and per board the weighted number
  of deals, by the same inclusion-exclusion with weights (float64 counts).
* :func:`sample_counts` -- Monte Carlo over weighted ranges, random opponents
  and board completions.
"""

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel
from assistant.encoding import N_CARDS, N_RANKS, N_SUITS, SUIT_BITS, SUIT_MASK
from assistant.evaluator import EvalTables, KernelInt, mask_strength, rank_position

_BINOMIAL = np.array([[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0],
                      [1, 4, 6, 4, 1]], dtype=np.int64)  # C(n, k) for n, k <= 4
_LOSER, _LOSES, _TIES = 1, 0, 2  # holding categories against hero: beaten, beats, ties


@njit(cache=True, nogil=True, inline="always")
def _outcome(values: np.ndarray, n_players: int, hero: int = 0) -> int:
    """The bucket of the strengths ``values`` from player ``hero``'s side (the first
    by default): ties, or ``n_players`` if beaten."""
    mine = values[hero]
    ties = 0
    for i in range(n_players):
        if i != hero:
            if values[i] > mine:
                return n_players
            ties += values[i] == mine
    return ties


@njit(cache=True, nogil=True, inline="always")
def _tally(values: np.ndarray, n_players: int, counts: np.ndarray, weight: KernelInt) -> None:
    """Add ``weight`` to the bucket of the outcome of ``values`` (hero first)."""
    counts[_outcome(values, n_players)] += weight


@njit(cache=True, nogil=True)
def _rank_keys(t: EvalTables) -> np.ndarray:
    keys = np.empty(N_RANKS, np.int64)
    for r in range(N_RANKS):
        keys[r] = t.suit_keys[1 << r]
    return keys


@njit(cache=True, nogil=True)
def preflop_counts(hands: np.ndarray, dead_mask: int, t: EvalTables) -> np.ndarray:
    """Outcome counts over every 5-card board for known hands (int64 (m, 2), hero first):
    :func:`preflop_pot_counts` with one pot of all the hands, from the first's side."""
    n_players = hands.shape[0]
    members = np.empty((1, n_players), np.int64)
    members[0] = np.arange(n_players)
    return preflop_pot_counts(hands, dead_mask, members, np.full(1, n_players),
                              np.full(1, 1), t)[0, 0]


@njit(cache=True, nogil=True, inline="always")
def _pot_best(values: np.ndarray, members: np.ndarray, pot: int, k: int) -> tuple[int, int]:
    """The best of the strengths ``values`` of pot ``pot``'s ``k`` players, and how
    many have it."""
    best = values[members[pot, 0]]
    n_best = 1
    for j in range(1, k):
        value = values[members[pot, j]]
        if value > best:
            best, n_best = value, 1
        elif value == best:
            n_best += 1
    return best, n_best


@njit(cache=True, nogil=True, inline="always")
def _bucket(value: int, best: int, n_best: int, k: int) -> int:
    """The bucket of a player of strength ``value`` among ``k`` whose best strength is
    ``best``, held by ``n_best``: it ties with the others who have it (0: wins alone),
    or is beaten (``k``), as :func:`_outcome` counts it."""
    return n_best - 1 if value == best else k


@njit(cache=True, nogil=True, inline="always")
def _tally_pots(values: np.ndarray, members: np.ndarray, sizes: np.ndarray,
                heroes: np.ndarray, counts: np.ndarray, weight: KernelInt) -> None:
    """Add ``weight`` to each pot's heroes' buckets, the pot's players' strengths
    taken from ``values`` (``counts[p, h]`` for the ``h``-th player of pot ``p``): a
    hero's bucket is :func:`_bucket` (:func:`_outcome` for each hero, the best found
    once)."""
    for p in range(members.shape[0]):
        k = sizes[p]
        best, n_best = _pot_best(values, members, p, k)
        for hero in range(heroes[p]):
            counts[p, hero, _bucket(values[members[p, hero]], best, n_best, k)] += weight


@njit(cache=True, nogil=True, inline="always")
def _retally_pots(plain: np.ndarray, true: np.ndarray, flush: np.ndarray,
                  members: np.ndarray, sizes: np.ndarray, heroes: np.ndarray,
                  counts: np.ndarray, weight: KernelInt) -> None:
    """Move ``weight`` of each pot's heroes' counts from their buckets with the
    strengths ``plain`` to those with ``true`` (:func:`_tally_pots` of ``-weight``
    then of ``weight``), where they differ: only in a pot where some player has a
    ``flush``."""
    for p in range(members.shape[0]):
        k = sizes[p]
        flushed = False
        for j in range(k):
            flushed |= flush[members[p, j]] > 0
        if not flushed:
            continue
        best, n_best = _pot_best(plain, members, p, k)
        best_true, n_true = _pot_best(true, members, p, k)
        for hero in range(heroes[p]):
            i = members[p, hero]
            before = _bucket(plain[i], best, n_best, k)
            after = _bucket(true[i], best_true, n_true, k)
            if before != after:
                counts[p, hero, before] -= weight
                counts[p, hero, after] += weight


@njit(cache=True, nogil=True)
def preflop_pot_counts(hands: np.ndarray, dead_mask: int, members: np.ndarray,
                       sizes: np.ndarray, heroes: np.ndarray, t: EvalTables) -> np.ndarray:
    """Outcome counts over every 5-card board for known hands (int64 (m, 2)) in each
    of several pots: pot ``p`` is contested by the hands ``members[p, :sizes[p]]``
    (the others' cards are out of its deck as all the hands' are), and
    ``counts[p, h, :sizes[p] + 1]`` holds the counts of its ``h``-th hand as hero
    (``h`` below ``heroes[p]``; the others' order does not matter).  Every board is
    valued once for all the hands and pots: the pots share one deck.

    Boards are grouped by their rank multiset: without a flush, every hand's
    strength depends on the ranks alone, and the boards of a multiset number
    ``prod C(available_r, m_r)``.  Boards holding three or more cards of one suit
    (only one suit can) are then corrected wherever some hand makes a flush (where
    only hands outside a pot do, its correction adds nothing).
    """
    n_players = hands.shape[0]
    counts = np.zeros((members.shape[0], n_players, n_players + 1), np.int64)
    key = _rank_keys(t)
    used = np.int64(dead_mask)
    for i in range(n_players):
        used |= (np.int64(1) << hands[i, 0]) | (np.int64(1) << hands[i, 1])
    available = np.zeros(N_RANKS, np.int64)
    suit_available = np.zeros(N_SUITS, np.int64)  # 13-bit rank mask per suit
    for c in range(N_CARDS):
        if not (used >> c) & 1:
            available[c % SUIT_BITS] += 1
            suit_available[c // SUIT_BITS] |= np.int64(1) << (c % SUIT_BITS)
    hand_key = np.empty(n_players, np.int64)
    hand_suit = np.zeros((n_players, N_SUITS), np.int64)
    for i in range(n_players):
        hand_key[i] = key[hands[i, 0] % SUIT_BITS] + key[hands[i, 1] % SUIT_BITS]
        for j in range(2):
            hand_suit[i, hands[i, j] // SUIT_BITS] |= np.int64(1) << (hands[i, j] % SUIT_BITS)
    plain = np.empty(n_players, np.int64)
    true = np.empty(n_players, np.int64)
    flush = np.empty(n_players, np.int64)
    ranks = np.empty(5, np.int64)

    # Every board by its rank multiset, as if no flush were possible.
    for r0 in range(N_RANKS):
        ranks[0] = r0
        for r1 in range(r0, N_RANKS):
            ranks[1] = r1
            for r2 in range(r1, N_RANKS):
                ranks[2] = r2
                for r3 in range(r2, N_RANKS):
                    ranks[3] = r3
                    for r4 in range(r3, N_RANKS):
                        ranks[4] = r4
                        boards = np.int64(1)
                        run = 1
                        for i in range(1, 6):
                            if i < 5 and ranks[i] == ranks[i - 1]:
                                run += 1
                            else:
                                r = ranks[i - 1]
                                boards *= _BINOMIAL[available[r], run] if run <= available[r] else 0
                                run = 1
                        if boards == 0:
                            continue
                        board_key = key[r0] + key[r1] + key[r2] + key[r3] + key[r4]
                        for i in range(n_players):
                            plain[i] = t.rank_strength[rank_position(hand_key[i] + board_key, t)]
                        _tally_pots(plain, members, sizes, heroes, counts, boards)

    # Flush corrections: boards with k >= 3 cards of suit s, as the set of their
    # suit-s ranks times the rank multisets of their 5 - k other cards.
    in_suit = np.empty(N_RANKS, np.int64)
    pick = np.empty(5, np.int64)
    other_keys = np.empty(N_RANKS * (N_RANKS + 1) // 2, np.int64)
    other_boards = np.empty(N_RANKS * (N_RANKS + 1) // 2, np.int64)
    for s in range(N_SUITS):
        most = 0
        for i in range(n_players):
            most = max(most, popcount13(hand_suit[i, s]))
        n_in_suit = 0
        for r in range(N_RANKS):
            if (suit_available[s] >> r) & 1:
                in_suit[n_in_suit] = r
                n_in_suit += 1
        others = available.copy()
        for r in range(N_RANKS):
            others[r] -= (suit_available[s] >> r) & 1
        for k in range(max(3, 5 - most), min(5, n_in_suit) + 1):
            n_other = _other_card_groups(5 - k, others, key, other_keys, other_boards)
            for i in range(k):
                pick[i] = i
            while True:
                suit_ranks = np.int64(0)
                suit_key = np.int64(0)
                for i in range(k):
                    suit_ranks |= np.int64(1) << in_suit[pick[i]]
                    suit_key += key[in_suit[pick[i]]]
                any_flush = False
                for i in range(n_players):
                    flush[i] = t.flush[suit_ranks | hand_suit[i, s]]
                    any_flush |= flush[i] > 0
                if any_flush:
                    for q in range(n_other):
                        board_key = suit_key + other_keys[q]
                        for i in range(n_players):
                            plain[i] = t.rank_strength[rank_position(hand_key[i] + board_key, t)]
                            true[i] = flush[i] if flush[i] else plain[i]
                        _retally_pots(plain, true, flush, members, sizes, heroes, counts,
                                      other_boards[q])
                i = k - 1
                while i >= 0 and pick[i] == n_in_suit - k + i:
                    i -= 1
                if i < 0:
                    break
                pick[i] += 1
                for j in range(i + 1, k):
                    pick[j] = pick[j - 1] + 1
    return counts


@njit(cache=True, nogil=True)
def _other_card_groups(n_cards: int, others: np.ndarray, key: np.ndarray,
                       group_key: np.ndarray, group_boards: np.ndarray) -> int:
    """The rank multisets of ``n_cards`` (0 to 2) cards drawn from ``others[r]`` cards
    of each rank r: their rank keys and their numbers of boards.  Returns how many."""
    n = 0
    if n_cards == 0:
        group_key[0], group_boards[0] = 0, 1
        return 1
    for a in range(N_RANKS):
        if n_cards == 1:
            group_key[n], group_boards[n] = key[a], others[a]
            n += 1
            continue
        group_key[n], group_boards[n] = 2 * key[a], others[a] * (others[a] - 1) // 2
        n += 1
        for b in range(a):
            group_key[n], group_boards[n] = key[a] + key[b], others[a] * others[b]
            n += 1
    keep = 0
    for q in range(n):
        if group_boards[q] > 0:
            group_key[keep], group_boards[keep] = group_key[q], group_boards[q]
            keep += 1
    return keep


@njit(cache=True, nogil=True, inline="always")
def popcount13(mask: KernelInt) -> int:
    """How many bits a mask of at most 16 bits (a suit's ranks) has set, added in
    parallel by pairs, fours, eights and sixteens of bits."""
    x = np.int64(mask)
    x = x - ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return int((x + (x >> 8)) & 0x1F)


@njit(cache=True, nogil=True)
def ordered_deals(n_cards: int, n_random: int) -> int:
    """Ways to deal ``n_random`` seated opponents two cards each from ``n_cards``.

    >>> ordered_deals(45, 1), ordered_deals(45, 2)
    (990, 893970)
    """
    ways = 1
    for q in range(n_random):
        left = n_cards - 2 * q
        ways *= left * (left - 1) // 2
    return int(ways)


@njit(cache=True, nogil=True, inline="always")
def _completed(board_mask: KernelInt, deck: np.ndarray, a: int, b: int, missing: int) -> KernelInt:
    """The board completed by ``deck[a]`` (one or two cards missing) and ``deck[b]`` (two)."""
    full = np.int64(board_mask)
    if missing >= 1:
        full |= np.int64(1) << deck[a]
    if missing == 2:
        full |= np.int64(1) << deck[b]
    return full


@njit(cache=True, nogil=True)
def postflop_counts(hands: np.ndarray, board: np.ndarray, dead_mask: int, n_random: int,
                    first_from: int, first_to: int, t: EvalTables) -> np.ndarray:
    """Outcome counts over every board completion and every deal to random opponents.

    ``hands`` (int64 (m, 2), hero first) are known; ``board`` holds 3 to 5 cards;
    ``n_random`` (0 to 3) more opponents hold two random cards each.  Completions
    are enumerated in order of their first card's position in the remaining deck,
    and only those with that position in ``[first_from, first_to)`` are counted,
    so that a caller can split the work into chunks.  Each opponent holding is
    ranked once per board; :func:`_count_deals` then counts the deals.
    """
    n_hands = hands.shape[0]
    n_players = n_hands + n_random
    counts = np.zeros(n_players + 1, np.int64)
    key = _rank_keys(t)
    used = np.int64(dead_mask)
    hand_mask = np.empty(n_hands, np.int64)
    for i in range(n_hands):
        hand_mask[i] = (np.int64(1) << hands[i, 0]) | (np.int64(1) << hands[i, 1])
        used |= hand_mask[i]
    board_mask = np.int64(0)
    for c in board:
        board_mask |= np.int64(1) << c
    used |= board_mask
    deck = np.empty(N_CARDS, np.int64)
    n_deck = 0
    for c in range(N_CARDS):
        if not (used >> c) & 1:
            deck[n_deck] = c
            n_deck += 1
    missing = 5 - board.size
    deals = ordered_deals(n_deck - missing, n_random)
    values = np.empty(n_hands, np.int64)
    category = np.zeros((N_CARDS, N_CARDS), np.int8)
    lose_c = np.zeros(N_CARDS, np.int64)  # per remaining card: beaten holdings holding it
    tie_c = np.zeros(N_CARDS, np.int64)  # per remaining card: tied holdings holding it
    rest = np.empty(N_CARDS, np.int64)
    split = np.zeros(4, np.int64)
    last_first = n_deck if missing else 1
    for a in range(max(first_from, 0), min(first_to, last_first)):
        for b in range(a + 1 if missing == 2 else a, a + 1 if missing < 2 else n_deck):
            full = _completed(board_mask, deck, a, b, missing)
            for i in range(n_hands):
                values[i] = mask_strength(full | hand_mask[i], t)
            if n_random == 0:
                _tally(values, n_players, counts, 1)
                continue
            hero = values[0]
            tied = 0
            beaten = False
            for i in range(1, n_hands):
                beaten |= values[i] > hero
                tied += values[i] == hero
            if beaten:
                counts[n_players] += deals
                continue
            n_rest = 0
            for c in deck[:n_deck]:
                if not (full >> c) & 1:
                    rest[n_rest] = c
                    n_rest += 1
            _rank_holdings(full, hero, rest, n_rest, key, category, lose_c, tie_c,
                           n_random == 3, t)
            _count_deals(category, lose_c, tie_c, n_rest, n_random, split)
            dealt = 0
            for j in range(n_random + 1):
                counts[tied + j] += split[j]
                dealt += split[j]
            counts[n_players] += deals - dealt
    return counts


@njit(cache=True, nogil=True)
def _rank_holdings(full: KernelInt, hero: KernelInt, rest: np.ndarray, n_rest: int,
                   key: np.ndarray,
                   category: np.ndarray, lose_c: np.ndarray, tie_c: np.ndarray,
                   symmetric: bool, t: EvalTables) -> None:
    """Fill ``category[i, j]`` (i < j; also j > i when ``symmetric``) for each holding
    ``rest[i], rest[j]``, and count per card the holdings hero beats and ties.

    The board's five cards plus one hole card form a 6-card rank multiset, hashed
    once per first card; the second card then reads ``t.add_rank``.  A flush needs
    three board cards of one suit, and then only holdings of that suit matter.
    """
    board_key = np.int64(0)
    flush_suit = -1
    for s in range(N_SUITS):
        suit_ranks = (full >> (s * SUIT_BITS)) & SUIT_MASK
        board_key += t.suit_keys[suit_ranks]
        if popcount13(suit_ranks) >= 3:
            flush_suit = s
    board_suit = (full >> (max(flush_suit, 0) * SUIT_BITS)) & SUIT_MASK
    rank = np.empty(n_rest, np.int64)
    suited = np.zeros(n_rest, np.int64)  # the card's rank bit if it has the flush suit
    for i in range(n_rest):
        rank[i] = rest[i] % SUIT_BITS
        if rest[i] // SUIT_BITS == flush_suit:
            suited[i] = np.int64(1) << rank[i]
    lose_c[:n_rest] = 0
    tie_c[:n_rest] = 0
    for i in range(n_rest):
        row = rank_position(board_key + key[rank[i]], t)
        for j in range(i + 1, n_rest):
            value = np.int64(t.add_rank[row, rank[j]])
            if flush_suit >= 0:
                flush = t.flush[board_suit | suited[i] | suited[j]]
                if flush:
                    value = flush
            lose = value < hero
            tie = value == hero
            category[i, j] = _LOSER if lose else (_TIES if tie else _LOSES)
            lose_c[i] += lose
            lose_c[j] += lose
            tie_c[i] += tie
            tie_c[j] += tie
            if symmetric:
                category[j, i] = category[i, j]
        category[i, i] = _LOSES


@njit(cache=True, nogil=True)
def _count_deals(category: np.ndarray, lose_c: np.ndarray, tie_c: np.ndarray, n: int,
                 n_random: int, split: np.ndarray) -> None:
    """Count ordered deals of disjoint holdings to ``n_random`` opponents (1 to 3).

    ``split[j]`` becomes the number of deals in which exactly j opponents tie hero
    and all others are beaten.  Give each holding the weight 1 if beaten, tau if
    tied, 0 if it beats hero; ``split`` holds the coefficients of the polynomial in
    tau summing the weight products over all deals.  For two opponents, disjoint
    pairs are all pairs minus those sharing a card c (sum over c of W_c^2, where
    W_c sums the weights of holdings holding c), plus the pairs of one holding
    with itself, counted twice in that sum.  For three, that count is taken for
    each first holding x over the holdings disjoint from x.
    """
    split[:] = 0
    n_lose = lose_c[:n].sum() // 2
    n_tie = tie_c[:n].sum() // 2
    if n_random == 1:
        split[0], split[1] = n_lose, n_tie
        return
    if n_random == 2:
        _pair_deals(n_lose, n_tie, lose_c, tie_c, n, split)
        return
    sub_lose = np.empty(n, np.int64)
    sub_tie = np.empty(n, np.int64)
    pair = np.zeros(3, np.int64)
    for x in range(n):
        for y in range(x + 1, n):
            kind = category[x, y]
            if kind == _LOSES:
                continue
            is_lose = np.int64(kind == _LOSER)
            is_tie = np.int64(kind == _TIES)
            for c in range(n):
                sub_lose[c] = lose_c[c] - (category[c, x] == _LOSER) - (category[c, y] == _LOSER)
                sub_tie[c] = tie_c[c] - (category[c, x] == _TIES) - (category[c, y] == _TIES)
            sub_lose[x] = sub_lose[y] = sub_tie[x] = sub_tie[y] = 0
            rest_lose = n_lose - lose_c[x] - lose_c[y] + is_lose
            rest_tie = n_tie - tie_c[x] - tie_c[y] + is_tie
            pair[:] = 0
            _pair_deals(rest_lose, rest_tie, sub_lose, sub_tie, n, pair)
            shift = 1 if is_tie else 0
            for j in range(3):
                split[j + shift] += pair[j]


@njit(cache=True, nogil=True)
def _pair_deals(n_lose: int, n_tie: int, lose_c: np.ndarray, tie_c: np.ndarray, n: int,
                out: np.ndarray) -> None:
    """Ordered pairs of disjoint holdings, by number of ties (0, 1, 2), into ``out``."""
    sq_ll = np.int64(0)
    sq_lt = np.int64(0)
    sq_tt = np.int64(0)
    for c in range(n):
        sq_ll += lose_c[c] * lose_c[c]
        sq_lt += lose_c[c] * tie_c[c]
        sq_tt += tie_c[c] * tie_c[c]
    out[0] += n_lose * n_lose - sq_ll + n_lose
    out[1] += 2 * n_lose * n_tie - 2 * sq_lt
    out[2] += n_tie * n_tie - sq_tt + n_tie


@njit(cache=True, nogil=True)
def sample_counts(combo_masks: np.ndarray, cumulative: np.ndarray, offsets: np.ndarray,
                  n_random: int, board: np.ndarray, dead_mask: int, n_trials: int, seed: int,
                  counts: np.ndarray, t: EvalTables) -> tuple[float, float]:
    """Add ``n_trials`` sampled deals to ``counts``; return the sum and the sum of
    squares of hero's pot share (1 for a win, 1/(s+1) for a split with s, 0 for a loss).

    Player p (hero is 0) holds one of the combos ``combo_masks[offsets[p]:offsets[p+1]]``,
    drawn with probability proportional to its weight (``cumulative`` holds each
    player's running weight sums).  A draw that reuses a card is thrown away whole,
    which deals every disjoint set of holdings with probability proportional to the
    product of its weights.  Then the board is completed and the random opponents
    dealt from the rest of the deck.  Returns (-1, -1) if 10,000 draws in a row
    clash (the ranges can hardly or never be dealt together).
    """
    np.random.seed(seed)
    n_ranged = offsets.size - 1
    n_players = n_ranged + n_random
    board_mask = np.int64(dead_mask)
    for c in board:
        board_mask |= np.int64(1) << c
    missing = 5 - board.size
    chosen = np.empty(n_ranged, np.int64)
    values = np.empty(n_players, np.int64)
    deck = np.empty(N_CARDS, np.int64)
    share_sum = 0.0
    share_squares = 0.0
    for _ in range(n_trials):
        dealt = False
        for _attempt in range(10_000):
            used = board_mask
            dealt = True
            for p in range(n_ranged):
                lo, hi = offsets[p], offsets[p + 1]
                pick = lo
                if hi - lo > 1:
                    target = np.random.random() * cumulative[hi - 1]
                    pick = lo + np.searchsorted(cumulative[lo:hi], target, side="right")
                    pick = min(pick, hi - 1)
                if combo_masks[pick] & used:
                    dealt = False
                    break
                used |= combo_masks[pick]
                chosen[p] = combo_masks[pick]
            if dealt:
                break
        if not dealt:
            return -1.0, -1.0
        n_deck = 0
        for c in range(N_CARDS):
            if not (used >> c) & 1:
                deck[n_deck] = c
                n_deck += 1
        for q in range(missing + 2 * n_random):
            r = q + np.random.randint(n_deck - q)
            deck[q], deck[r] = deck[r], deck[q]
        full = board_mask & ~np.int64(dead_mask)
        for q in range(missing):
            full |= np.int64(1) << deck[q]
        for p in range(n_ranged):
            values[p] = mask_strength(full | chosen[p], t)
        for q in range(n_random):
            first = deck[missing + 2 * q]
            hole = (np.int64(1) << first) | (np.int64(1) << deck[missing + 2 * q + 1])
            values[n_ranged + q] = mask_strength(full | hole, t)
        bucket = _outcome(values, n_players)
        counts[bucket] += 1
        share = 1.0 / (bucket + 1) if bucket < n_players else 0.0
        share_sum += share
        share_squares += share * share
    return share_sum, share_squares


@njit(cache=True, nogil=True)
def weighted_counts(hero_hands: np.ndarray, hero_weights: np.ndarray, board: np.ndarray,
                    dead_mask: int, opponent_weights: np.ndarray, combo_cards: np.ndarray,
                    first_from: int, first_to: int, t: EvalTables) -> tuple[np.ndarray, float]:
    """Weighted outcome counts of hero against one or two weighted ranges, exactly.

    Hero holds each combo ``hero_hands[h]`` (int64 (m, 2)) with weight
    ``hero_weights[h]``; opponent k holds combo c (cards ``combo_cards[c]``, int64
    (1326, 2)) with weight ``opponent_weights[k, c]`` (float64 (1 or 2, 1326)).  Every
    board completion of ``board`` (3 to 5 cards) is counted, with its first card's
    position in the remaining deck in ``[first_from, first_to)`` as in
    :func:`postflop_counts`.  A deal (hero's combo, board, opponents' disjoint combos)
    counts the product of its weights.  Returns the float64 counts (win, split 1..k,
    lose) and the number of deals of positive weight.

    Per board only the combos of positive weight are ranked, once each.  For two
    opponents, the weight of disjoint pairs (x, y) is all pairs, minus the pairs
    sharing a card c (sum over c of X_c * Y_c, X_c summing the weights of the holdings
    holding c), plus the pairs of one holding with itself, counted twice in that sum.
    """
    n_opp = opponent_weights.shape[0]
    counts = np.zeros(n_opp + 2)
    trials = 0.0
    board_mask = np.int64(0)
    for c in board:
        board_mask |= np.int64(1) << c
    missing = 5 - board.size
    deck = np.empty(N_CARDS, np.int64)
    n_combos = combo_cards.shape[0]
    live = np.empty(n_combos, np.int64)  # combos of positive weight clear of known cards
    live_mask = np.empty(n_combos, np.int64)
    # Per card, for opponent k: weights of the holdings with that card that hero beats
    # (row 4k), ties (4k + 1), of all of them (4k + 2), and the number of them of
    # positive weight (4k + 3); ``total`` sums them over holdings.
    per_card = np.zeros((8, N_CARDS))
    total = np.zeros(8)
    amounts = np.zeros(8)  # one holding's quantities
    same = np.zeros(6)  # products of one holding's quantities for both opponents
    for h in range(hero_hands.shape[0]):
        hero_mask = (np.int64(1) << hero_hands[h, 0]) | (np.int64(1) << hero_hands[h, 1])
        used = np.int64(dead_mask) | board_mask | hero_mask
        n_deck = 0
        for c in range(N_CARDS):
            if not (used >> c) & 1:
                deck[n_deck] = c
                n_deck += 1
        n_live = 0
        for c in range(n_combos):
            combo_mask = (np.int64(1) << combo_cards[c, 0]) | (np.int64(1) << combo_cards[c, 1])
            positive = False
            for k in range(n_opp):
                positive |= opponent_weights[k, c] > 0
            if positive and not combo_mask & used:
                live[n_live] = c
                live_mask[n_live] = combo_mask
                n_live += 1
        last_first = n_deck if missing else 1
        for a in range(max(first_from, 0), min(first_to, last_first)):
            for b in range(a + 1 if missing == 2 else a, a + 1 if missing < 2 else n_deck):
                full = _completed(board_mask, deck, a, b, missing)
                hero = mask_strength(full | hero_mask, t)
                total[:] = 0.0
                if n_opp == 1:
                    for x in range(n_live):
                        if live_mask[x] & full:
                            continue
                        w = opponent_weights[0, live[x]]
                        value = mask_strength(full | live_mask[x], t)
                        total[0] += w if value < hero else 0.0
                        total[1] += w if value == hero else 0.0
                        total[2] += w
                    counts[0] += hero_weights[h] * total[0]
                    counts[1] += hero_weights[h] * total[1]
                    counts[2] += hero_weights[h] * (total[2] - total[0] - total[1])
                    trials += n_live - _clashing(live_mask, n_live, full ^ board_mask)
                    continue
                per_card[:] = 0.0
                same[:] = 0.0
                for x in range(n_live):
                    if live_mask[x] & full:
                        continue
                    c = live[x]
                    w1 = opponent_weights[0, c]
                    w2 = opponent_weights[1, c]
                    value = mask_strength(full | live_mask[x], t)
                    beaten = value < hero
                    tied = value == hero
                    l1, t1 = (w1 if beaten else 0.0), (w1 if tied else 0.0)
                    l2, t2 = (w2 if beaten else 0.0), (w2 if tied else 0.0)
                    p1, p2 = (1.0 if w1 > 0 else 0.0), (1.0 if w2 > 0 else 0.0)
                    amounts[0], amounts[1], amounts[2], amounts[3] = l1, t1, w1, p1
                    amounts[4], amounts[5], amounts[6], amounts[7] = l2, t2, w2, p2
                    first, second = combo_cards[c, 0], combo_cards[c, 1]
                    for q in range(8):
                        total[q] += amounts[q]
                        per_card[q, first] += amounts[q]
                        per_card[q, second] += amounts[q]
                    same[0] += l1 * l2
                    same[1] += l1 * t2
                    same[2] += t1 * l2
                    same[3] += t1 * t2
                    same[4] += w1 * w2
                    same[5] += p1 * p2
                win = _disjoint_weight(per_card, total, 0, 4, same[0])
                split1 = (_disjoint_weight(per_card, total, 0, 5, same[1])
                          + _disjoint_weight(per_card, total, 1, 4, same[2]))
                split2 = _disjoint_weight(per_card, total, 1, 5, same[3])
                everything = _disjoint_weight(per_card, total, 2, 6, same[4])
                counts[0] += hero_weights[h] * win
                counts[1] += hero_weights[h] * split1
                counts[2] += hero_weights[h] * split2
                counts[3] += hero_weights[h] * (everything - win - split1 - split2)
                trials += _disjoint_weight(per_card, total, 3, 7, same[5])
    return counts, trials


@njit(cache=True, nogil=True, inline="always")
def _clashing(masks: np.ndarray, n: int, cards: KernelInt) -> int:
    """How many of the first ``n`` masks share a card with ``cards``."""
    clashes = 0
    for x in range(n):
        clashes += (masks[x] & cards) != 0
    return clashes


@njit(cache=True, nogil=True, inline="always")
def _disjoint_weight(per_card: np.ndarray, total: np.ndarray, q1: int, q2: int,
                     same: float) -> float:
    """Summed products over disjoint holdings (x, y) of quantity ``q1`` of x (opponent
    0) and quantity ``q2`` of y (opponent 1): rows of ``per_card`` and ``total`` in
    :func:`weighted_counts`; ``same`` sums them over x = y."""
    shared = 0.0
    for c in range(N_CARDS):
        shared += per_card[q1, c] * per_card[q2, c]
    return total[q1] * total[q2] - shared + same
