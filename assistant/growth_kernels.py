"""The numba kernels of the growth with answers: the opponents' call-or-fold patterns at
every candidate size, what is at stake in each, and the showdowns of those patterns, all
at once.

:func:`caller_patterns` walks who calls and who folds, depth first, keeping the patterns
at least as likely as a floor; :func:`pattern_stakes` counts each pattern's chips
invested, pot and chips behind.  A pattern's showdown against several ranges
(independent given the board) is, per runout, the product over them of their live,
beaten and beaten-or-tied weights (:meth:`assistant.showdown.Showdown.runout_sums`),
summed over the runouts (:func:`pattern_sums`), which
:meth:`assistant.showdown.Showdown.outcome_of_products` turns into (win, tie).  Three
calls do every pattern of every size, instead of a Python walk and a numpy product and
sum per pattern.

The sums are added in numpy's own order (:func:`assistant.numpy_sum.pairwise_sum`), so
a pattern's outcome has the bits ``products.sum(axis=1)`` gives.

:func:`log_outcome` is the expected log of hero's wealth after a showdown, and
:func:`level_values` adds up, per size, the fold and every pattern's showdown (one call
where a Python loop called the rule per pattern).  The logarithms are the C library's, as
``math.log``'s in Python, and the terms are added in the same order, so the growths have
the bits the Python loop gave.
"""

import math

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel
from assistant.numpy_sum import pairwise_sum, sum_room


@njit(cache=True, nogil=True)
def caller_patterns(fold: np.ndarray, call: np.ndarray, floor: float
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Who calls and who folds at each size, with each pattern's chance, for opponents
    answering independently: ``fold`` and ``call`` are float64 ``(opponents, sizes)``
    chances.  Patterns less likely than ``floor`` are left out, answer by answer (a
    pattern's chance only falls as more answers are added), in the order of a depth-first
    walk, fold before call; a chance is the product of the answers' chances in the
    opponents' order.

    Returns ``starts`` (int64 ``(sizes + 1,)``: size ``i``'s patterns are rows
    ``starts[i]`` to ``starts[i + 1]``), ``called`` (bool ``(patterns, opponents)``) and
    ``chance`` (float64 ``(patterns,)``)."""
    n, sizes = fold.shape
    starts = np.zeros(sizes + 1, np.int64)
    room = 2  # rows of the walk's two buffers, grown as a step needs
    walk_called, walk_chance = np.empty((room, n), np.bool_), np.empty(room)
    next_called, next_chance = np.empty((room, n), np.bool_), np.empty(room)
    all_called, all_chance = np.empty((2 * sizes, n), np.bool_), np.empty(2 * sizes)
    for size in range(sizes):
        walk_chance[0] = 1.0
        kept = 1
        for j in range(n):
            if 2 * kept > room:
                room = 2 * kept
                grown_called, grown_chance = np.empty((room, n), np.bool_), np.empty(room)
                grown_called[:kept], grown_chance[:kept] = walk_called[:kept], walk_chance[:kept]
                walk_called, walk_chance = grown_called, grown_chance
                next_called, next_chance = np.empty((room, n), np.bool_), np.empty(room)
            count = 0
            for k in range(kept):
                for calls in range(2):
                    p = walk_chance[k] * (call[j, size] if calls else fold[j, size])
                    if p >= floor:
                        for m in range(j):  # the answers before this one (later ones
                            next_called[count, m] = walk_called[k, m]  # come after)
                        next_called[count, j] = calls == 1
                        next_chance[count] = p
                        count += 1
            walk_called, next_called = next_called, walk_called
            walk_chance, next_chance = next_chance, walk_chance
            kept = count
        begin, end = starts[size], starts[size] + kept
        if end > all_chance.size:
            grown = max(2 * all_chance.size, end)
            grown_called, grown_chance = np.empty((grown, n), np.bool_), np.empty(grown)
            grown_called[:begin], grown_chance[:begin] = all_called[:begin], all_chance[:begin]
            all_called, all_chance = grown_called, grown_chance
        all_called[begin:end] = walk_called[:kept]
        all_chance[begin:end] = walk_chance[:kept]
        starts[size + 1] = end
    return starts, all_called[:starts[sizes]], all_chance[:starts[sizes]]


@njit(cache=True, nogil=True)
def pattern_stakes(levels: np.ndarray, starts: np.ndarray, called: np.ndarray,
                   bets: np.ndarray, stacks: np.ndarray, stay_bets: np.ndarray,
                   stay_stacks: np.ndarray, bet: int, stack: int, pot: int
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What is at stake in each pattern of :func:`caller_patterns` (``called``, rows
    ``starts[i]`` to ``starts[i + 1]`` for hero's street total ``levels[i]``), against
    answering players of street bets ``bets`` and chips behind ``stacks`` (int64, one
    per column of ``called``) and the players already in for the level (``stay_bets``
    and ``stay_stacks``), for hero with street bet ``bet`` and chips behind ``stack``
    and a pot of ``pot``:

    * the chips hero invests: up to the level, no more than the deepest player in the
      hand can match;
    * the pot then: the pot, hero's chips and each caller's call (up to its chips);
    * whether chips remain behind hero and behind a player in the hand;
    * how many answering players called.

    int64, int64, bool and int64 ``(patterns,)``."""
    rows = called.shape[0]
    invested = np.empty(rows, np.int64)
    pots = np.empty(rows, np.int64)
    behind = np.empty(rows, np.bool_)
    callers = np.zeros(rows, np.int64)
    stay_cap = 0
    for j in range(stay_bets.size):
        stay_cap = max(stay_cap, stay_bets[j] + stay_stacks[j])
    for size in range(levels.size):
        level = levels[size]
        chips = min(level - bet, stack)
        stay_left = False
        for j in range(stay_bets.size):
            stay_left = stay_left or stay_stacks[j] - max(level - stay_bets[j], 0) > 0
        for k in range(starts[size], starts[size + 1]):
            reach, calls, left = stay_cap, 0, stay_left
            for j in range(bets.size):
                if called[k, j]:
                    callers[k] += 1
                    reach = max(reach, bets[j] + stacks[j])
                    calls += min(level - bets[j], stacks[j])
                    left = left or stacks[j] - max(level - bets[j], 0) > 0
            invested[k] = min(chips, reach - bet)
            pots[k] = pot + invested[k] + calls
            behind[k] = stack - invested[k] > 0 and left
    return invested, pots, behind, callers


@njit(cache=True, nogil=True)
def pattern_sums(sums: np.ndarray, members: np.ndarray) -> np.ndarray:
    """float64 ``(patterns, 3, 1)``: for each row of ``members`` (int64, the indices of
    the ranges in one pattern's showdown along ``sums``' second axis, at least two, in
    order; -1 marks no range), the products over those ranges of the live, beaten and
    beaten-or-tied weights of each runout (``sums``: float64 ``(3, ranges, runouts)``,
    :meth:`assistant.showdown.Showdown.runout_sums`), multiplied in the members' order
    and summed over the runouts.

    Each ``(3, 1)`` is what :meth:`assistant.showdown.Showdown.outcome_of_products`
    takes: products already summed over the runouts (its own sum over one column gives
    them back unchanged)."""
    n = sums.shape[2]
    out = np.empty((members.shape[0], 3, 1))
    product = np.empty(n)
    walk, found = sum_room()
    for pattern in range(members.shape[0]):
        for row in range(3):
            multiplied = 0
            for m in range(members.shape[1]):
                column = members[pattern, m]
                if column < 0:
                    continue
                c = sums[row, column]
                if multiplied == 0:
                    product[:] = c
                else:
                    for r in range(n):
                        product[r] *= c[r]
                multiplied += 1
            out[pattern, row, 0] = pairwise_sum(product, walk, found)
    return out


@njit(cache=True, nogil=True)
def log_outcome(wealth: float, factor: float, win: float, tie: float, invested: float,
                pot: float) -> float:
    """E[log W_out] of a showdown for ``pot`` after hero, of wealth ``wealth``, invested
    ``invested`` more, winning with chance ``win`` and tying with ``tie``, each realised
    at ``factor`` (1: in full)."""
    win, tie = win * factor, tie * factor
    lose = max(1.0 - win - tie, 0.0)
    base = wealth - invested
    value = 0.0
    if win > 0:
        value += win * _log(base + pot)
    if tie > 0:
        value += tie * _log(base + pot / 2)
    if lose > 0:
        value += lose * _log(base)
    return value


@njit(cache=True, nogil=True)
def _log(wealth: float) -> float:
    """``log(wealth)``, ``-inf`` for a wealth of 0 or less (ruin)."""
    return math.log(wealth) if wealth > 0 else -math.inf


@njit(cache=True, nogil=True)
def level_values(before: np.ndarray, chips: np.ndarray, starts: np.ndarray,
                 chance: np.ndarray, callers: np.ndarray, stayers: int, outcomes: np.ndarray,
                 invested: np.ndarray, pots: np.ndarray, behind: np.ndarray, wealth: float,
                 pot: float, factor: float) -> np.ndarray:
    """float64 ``(sizes,)``: E[log W_out] at each size ``i``, from ``before[0, i]`` (the
    re-raised part) on: the chance no one raised nor called (``before[1, i]``, no raise,
    less the size's patterns' chances) times the log of hero's wealth less its
    ``chips[i]``, then each pattern ``k`` of the size (rows ``starts[i]`` to
    ``starts[i + 1]`` of :func:`caller_patterns` and :func:`pattern_stakes`) in turn: its
    ``chance[k]`` times, with no player left (no ``callers[k]`` nor ``stayers``), the log
    of hero's wealth with the pot, else :func:`log_outcome` of its win and tie
    (``outcomes[k]``), realised at ``factor`` when chips remain ``behind[k]``."""
    out = np.empty(chips.size)
    for i in range(chips.size):
        value = before[0, i]
        seen = 0.0
        for k in range(starts[i], starts[i + 1]):
            seen += chance[k]
        value += (before[1, i] - seen) * math.log(max(wealth - chips[i], 1e-300))
        for k in range(starts[i], starts[i + 1]):
            if callers[k] + stayers == 0:  # everyone folded
                value += chance[k] * math.log(wealth + pot)
            else:
                value += chance[k] * log_outcome(wealth, factor if behind[k] else 1.0,
                                                 outcomes[k, 0], outcomes[k, 1], invested[k],
                                                 pots[k])
        out[i] = value
    return out
