"""Hero against every opponent combo on every runout: the matrices the opponent model and
the growth with answers are built on.

At a decision hero holds ``hero`` on ``board`` with ``dead`` cards out of play.  A
*runout* is a set of cards that completes the board to five: every one on the flop
(1,081) and turn (46), the single empty one on the river, and a fixed seeded sample of
:data:`PREFLOP_BOARDS` boards preflop.  For each runout ``r`` and each of the 1,326
combos ``c`` of :mod:`assistant.combos`, :class:`Showdown` keeps whether hero beats
(``win``), ties (``tie``) or is live against (``live``: ``c`` shares no card with hero,
the board, the dead cards or the runout) that holding.  All three are float32 arrays of
shape ``(runouts, 1326)``.

Equity against weighted ranges is then a few matrix products.  For opponents ``j``
with weight vectors ``w_j`` (independent given the board; card clashes *between*
opponents are ignored, a small effect), the probability that hero beats all of them is
``sum_r prod_j (win @ w_j)[r] / sum_r prod_j (live @ w_j)[r]``.  With one opponent this
is exact: every live combo is live on the same number of runouts, so the ratio of sums is
the equity of the deal (flop, turn and river).  Preflop it is the same ratio over the
sampled boards, a Monte Carlo estimate.

:func:`board_strength` is each combo's equity against one random hand on the board
(``s(c)`` of the opponent model): how strong an opponent holding ``c`` thinks it is.  It
knows nothing of hero's cards.
"""

import functools
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from numba import njit

from assistant.combos import COMBO_MASKS
from assistant.encoding import N_CARDS
from assistant.evaluator import EvalTables, load_tables, mask_strength
from assistant.opponents.priors import preflop_strength

PREFLOP_BOARDS = 600
"""How many five-card boards preflop matrices sample (seeded: advice is repeatable)."""
PREFLOP_SEED = 20_261_125
"""The seed of the preflop board sample."""
STRENGTH_RUNOUTS = 300
"""How many flop runouts the opponents' strength averages over."""
CACHE_SIZE = 16
"""Showdowns kept, so the window's repeated questions at one decision are free."""


@njit(cache=True, nogil=True)
def _matrices(hero_mask: np.uint64, board_mask: np.uint64, blocked: np.uint64,
              runouts: np.ndarray, combo_masks: np.ndarray, t: EvalTables
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each combo's strength per runout (-1 where not live), and hero's win, tie and
    live indicators against it (float32)."""
    n, m = runouts.size, combo_masks.size
    combos = np.full((n, m), -1, np.int32)
    win = np.zeros((n, m), np.float32)
    tie = np.zeros((n, m), np.float32)
    live = np.zeros((n, m), np.float32)
    for r in range(n):
        board = board_mask | runouts[r]
        hero = mask_strength(hero_mask | board, t) if hero_mask else np.int32(-1)
        gone = blocked | runouts[r]
        for c in range(m):
            if combo_masks[c] & gone:
                continue
            v = mask_strength(combo_masks[c] | board, t)
            combos[r, c] = v
            live[r, c] = 1.0
            if hero > v:
                win[r, c] = 1.0
            elif hero == v:
                tie[r, c] = 1.0
    return combos, win, tie, live


@njit(cache=True, nogil=True)
def _percentiles(combos: np.ndarray) -> np.ndarray:
    """Mean over runouts of each live combo's share of live combos it beats (ties half)."""
    n_runouts, n_combos = combos.shape
    total = np.zeros(n_combos)
    count = np.zeros(n_combos)
    for r in range(n_runouts):
        row = combos[r]
        index = np.flatnonzero(row >= 0)
        n = index.size
        if n < 2:
            continue
        order = index[np.argsort(row[index])]
        start = 0
        while start < n:
            end = start
            while end + 1 < n and row[order[end + 1]] == row[order[start]]:
                end += 1
            share = (start + 0.5 * (end - start)) / (n - 1)
            for k in range(start, end + 1):
                total[order[k]] += share
                count[order[k]] += 1
            start = end + 1
    out = np.full(n_combos, np.nan)
    for c in range(n_combos):
        if count[c]:
            out[c] = total[c] / count[c]
    return out


@dataclass(frozen=True)
class Showdown:
    """Hero against every combo on every runout of one decision's cards.

    ``win``, ``tie`` and ``live`` are float32 ``(runouts, 1326)``.
    """

    hero_mask: int
    board_mask: int
    dead_mask: int
    win: np.ndarray
    tie: np.ndarray
    live: np.ndarray
    exact: bool

    @property
    def runouts(self) -> int:
        """The number of runouts (sampled boards preflop)."""
        return int(self.live.shape[0])

    def live_combos(self) -> np.ndarray:
        """bool (1326,): the combos an opponent can hold (no card of hero, board or dead)."""
        blocked = np.uint64(self.hero_mask | self.board_mask | self.dead_mask)
        return (COMBO_MASKS & blocked) == 0

    @functools.cached_property
    def totals(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """float64 (1326,) each: the runouts on which hero beats, ties and meets each combo."""
        return (self.win.sum(axis=0, dtype=np.float64), self.tie.sum(axis=0, dtype=np.float64),
                self.live.sum(axis=0, dtype=np.float64))

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
        weights = weights.astype(np.float32)
        live = self.live @ weights
        beaten = self.win @ weights
        level = beaten + self.tie @ weights
        deals = np.prod(live.astype(np.float64), axis=1)
        total = deals.sum()
        if total <= 0:
            return 0.0, 0.0
        win = float(np.prod(beaten.astype(np.float64), axis=1).sum() / total)
        at_least = float(np.prod(level.astype(np.float64), axis=1).sum() / total)
        return win, max(at_least - win, 0.0)

    def equity_by_combo(self) -> np.ndarray:
        """float64 (1326,): hero's equity (win + tie / 2) against each combo (NaN if the
        combo cannot be held)."""
        win, tie, live = self.totals
        with np.errstate(invalid="ignore", divide="ignore"):
            out = (win + 0.5 * tie) / live
        out[live == 0] = np.nan
        return out


def _runouts(board_mask: int, blocked: int) -> tuple[np.ndarray, bool]:
    """The runouts of a board: every completion after the flop, a seeded sample before."""
    deck = [card for card in range(N_CARDS) if not blocked >> card & 1]
    missing = 5 - board_mask.bit_count()
    if missing == 5:
        rng = np.random.default_rng(PREFLOP_SEED)
        cards = np.array(deck, dtype=np.uint64)
        picks = np.argsort(rng.random((PREFLOP_BOARDS, cards.size)), axis=1)[:, :5]
        masks = np.bitwise_or.reduce(np.uint64(1) << cards[picks], axis=1)
        return masks.astype(np.uint64), False
    masks = [sum(1 << card for card in chosen) for chosen in combinations(deck, missing)]
    return np.array(masks, dtype=np.uint64), True


@functools.lru_cache(maxsize=CACHE_SIZE)
def showdown(hero_mask: int, board_mask: int, dead_mask: int = 0) -> Showdown:
    """The showdown matrices of hero's two cards (a mask) on a board of 0, 3, 4 or 5
    cards with some dead cards (masks; validated by the caller)."""
    blocked = hero_mask | board_mask | dead_mask
    runouts, exact = _runouts(board_mask, blocked)
    _, win, tie, live = _matrices(np.uint64(hero_mask), np.uint64(board_mask),
                                  np.uint64(blocked), runouts, COMBO_MASKS, load_tables())
    return Showdown(hero_mask, board_mask, dead_mask, win, tie, live, exact)


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
    strengths, _, _, _ = _matrices(np.uint64(0), np.uint64(board_mask), np.uint64(board_mask),
                                   runouts[::step], COMBO_MASKS, load_tables())
    out = _percentiles(strengths)
    out[(COMBO_MASKS & np.uint64(board_mask)) != 0] = np.nan
    out.setflags(write=False)
    return out
