"""The thresholds of the action model (:mod:`assistant.opponents.policy`), found fast.

A threshold ``t`` solves ``M(t) = target`` where

    M(t) = sum(w * min(1, scale * σ((u - t) / τ) + extra)) / sum(w)

falls as ``t`` grows.  The model defines ``t`` as the result of :data:`STEPS` bisection
steps on ``[-1, 2]`` (:func:`bisect`): the midpoint of the one cell of the grid
``g_j = -1 + 3 j / 2**STEPS`` with ``M(g_j) > target >= M(g_{j+1})``, since the
bisection only compares ``M`` with the target at grid points, and every midpoint it forms
is exact in floating point.

:func:`solve` returns that same number without the 22 steps: Newton's method (a numba
kernel, with ``σ((u - t) / τ) = 1 / (1 + e^{-u/τ} e^{t/τ})``, so no exponential per
combo) places the root far inside a grid cell, then ``M`` is compared with the target at
the two grid points around it, as the bisection compares them.  ``M`` is monotone, so
those two comparisons decide every comparison the bisection would make, and the result
is the bisection's to the last bit.  A comparison is read off the cheap form when its
``M`` is more than :data:`SURE` from the target (far more than the two forms' rounding
apart: they cannot disagree); a row with a comparison closer than that is checked at
its cell with ``M`` computed exactly as the bisection computes it, except for a target of
0 (a player who cannot raise), which the exact ``M`` is above wherever the cheap one
times the weights' sum is above :data:`NONZERO`.  Where a check fails
(a root within rounding of a grid point, or a flat ``M``) the neighbouring cell is tried
once; a row still not placed, or whose exact check fails, is bisected (the definition
itself), each distinct row once.  A row whose target is the most the range can reach,
to rounding (``M`` flat there: raises capped by the value hands), is bisected at once.
Newton's method and the cheap checks are one kernel call (:func:`_cells`); the cheap
form's loop (:func:`_excess`) is compiled with fastmath and numpy's error model, so that
it runs on SIMD lanes (its sums taken in any order, which moves them by rounding only,
and no check for a division by zero, which cannot happen): four times faster.

The module holds a numba kernel: :mod:`assistant.opponents.policy` imports it inside the
function that runs it, off the window's imports.
"""

import functools

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel
from assistant import numpy_sum
from assistant.opponents import answer_kernels
from assistant.opponents.policy import content, logistic_exponentials

STEPS = 22
"""Bisection steps for a threshold: the interval of width 3 shrinks below 1e-6."""
LOW, HIGH = -1.0, 2.0
NEWTON_STEPS = 60
"""Newton iterations at most (a handful suffice; a row not placed is bisected)."""
NEWTON_TOLERANCE = 1e-9
"""A Newton step below this has converged: far inside a grid cell (3 / 2**22, 7e-7)."""
HIGH_CHECKED = 0.01
"""The targets below which a row's ``M(HIGH)`` is computed, to place a root above the
interval at ``HIGH`` at once.  For the policy's rows ``M(HIGH)`` is at most the bluffs'
share β of the target plus ``σ(-(HIGH - 1) / τ)`` (2e-9 at τ = 0.05, 2.4e-4 at 0.12):
only a target of about 0 is below it (146 rows in 5,109 recorded, every one a target of
0).  A row above the interval with a larger target would reach ``HIGH`` by the bracket's
halvings: more steps, the same cell."""
SURE = 1e-9
"""How far from the target the cheap form's ``M`` must be for its comparison to be the
exact form's: the two differ by the rounding of 1,326 terms and of the exponentials,
below 1e-13 of the range's mass."""


class _Mass:
    """``M(t) > target`` for every row, computed as the bisection computes it."""

    def __init__(self, weights: np.ndarray, u: np.ndarray, scale: np.ndarray,
                 extra: np.ndarray, target: np.ndarray, softness: float) -> None:
        self.weights, self.u, self.target, self.softness = weights, u, target, softness
        self.total = float(weights.sum())
        self.scale, self.extra = _rows(scale, target.size), _rows(extra, target.size)

    def above(self, middle: np.ndarray) -> np.ndarray:
        """bool per row: ``M(middle) > target``."""
        mass = answer_kernels.levels(logistic_exponentials(self.u, middle, self.softness),
                                     self.scale, self.extra, self.weights)[1] / self.total
        return mass > self.target


def bisect(weights: np.ndarray, u: np.ndarray, scale: np.ndarray, extra: np.ndarray,
           target: np.ndarray, softness: float) -> np.ndarray:
    """The thresholds by :data:`STEPS` bisection steps (the definition)."""
    mass = _Mass(weights, u, scale, extra, target, softness)
    low = np.full(target.shape, LOW)
    high = np.full(target.shape, HIGH)
    for _ in range(STEPS):
        middle = 0.5 * (low + high)
        above = mass.above(middle)
        low = np.where(above, middle, low)
        high = np.where(above, high, middle)
    return 0.5 * (low + high)


@njit(cache=True, nogil=True, fastmath=True, error_model="numpy")
def _excess(share: np.ndarray, decay: np.ndarray, scale: np.ndarray, extra: np.ndarray,
            target: float, t: float, softness: float) -> tuple[float, float]:
    """``M(t) - target`` and its slope, in the cheap form (branch-free, for SIMD)."""
    grow = np.exp(t / softness)
    value, slope = 0.0, 0.0
    for c in range(share.size):
        step = 1.0 / (1.0 + decay[c] * grow)
        level = scale[c] * step + extra[c]
        below = level < 1.0
        value += share[c] * (level if below else 1.0)
        slope -= share[c] * scale[c] * step * (1.0 - step) if below else 0.0
    return value - target, slope / softness


@njit(cache=True, nogil=True)
def _roots(share: np.ndarray, decay: np.ndarray, scale: np.ndarray, extra: np.ndarray,
           target: np.ndarray, softness: float) -> tuple[np.ndarray, np.ndarray]:
    """Each row's root of ``M(t) = target`` in ``[LOW, HIGH]`` (a bound when there is
    none inside), by Newton's method kept inside its bracket, from the last row's root
    (the sizes' thresholds lie close); and whether the row is flat: its target within
    :data:`SURE` below ``M(LOW)``, the most the range can reach, where ``M`` is flat to
    rounding and no root can be checked (left at ``LOW``).  ``M(HIGH)`` is compared with
    targets below :data:`HIGH_CHECKED` only.  A step below
    :data:`NEWTON_TOLERANCE` ends a row even when it would leave the bracket (a step
    that lands on the root to the last bit keeps it there: halving the bracket then
    took 30 more steps)."""
    out = np.empty(target.size)
    flat = np.zeros(target.size, np.bool_)
    guess = 0.5 * (LOW + HIGH)
    for i in range(target.size):
        row_scale, row_extra = answer_kernels.row(scale, i), answer_kernels.row(extra, i)
        start = _excess(share, decay, row_scale, row_extra, target[i], LOW, softness)[0]
        if start <= SURE:
            out[i] = LOW
            flat[i] = start > 0
            continue
        if target[i] < HIGH_CHECKED and _excess(share, decay, row_scale, row_extra,
                                                target[i], HIGH, softness)[0] > 0:
            out[i] = HIGH
            continue
        low, high, t = LOW, HIGH, guess
        for _ in range(NEWTON_STEPS):
            value, slope = _excess(share, decay, row_scale, row_extra, target[i], t,
                                   softness)
            if value > 0:
                low = t
            else:
                high = t
            moved = t - value / slope if slope < 0 else 0.5 * (low + high)
            if abs(moved - t) < NEWTON_TOLERANCE:
                t = moved
                break
            t = moved if low < moved < high else 0.5 * (low + high)
        out[i] = guess = t
    return out, flat


BISECTED_KEPT = 16
"""Rows whose bisected threshold :func:`_bisected` keeps (the repeats come within a
decision: 16 kept every one of them against the station, as 256 did)."""
NONZERO = 1e-250
"""For a target of 0, a cheap ``M`` times the weights' sum above this says the exact ``M``
is above 0 too: the two forms sum the same nonnegative terms (the weights, scales and
extras are shares), each to a relative rounding, and one term at least is then far above
the smallest float, where nearness in absolute terms (:data:`SURE`) says nothing."""
UNPLACED, PLACED, UNSURE = 0, 1, 2
"""What :func:`_cells` found of a row: no cell (to bisect), its cell, or a cell whose
check came too close to the target for the cheap form (to check exactly)."""


@njit(cache=True, nogil=True)
def _cells(weights: np.ndarray, decay: np.ndarray, scale: np.ndarray, extra: np.ndarray,
           target: np.ndarray, softness: float
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """Each row's grid cell ``j``, its threshold (the midpoint of ``[g_j, g_{j+1}]``) and
    state (:data:`PLACED` ...), and whether every row is placed: Newton's root
    (:func:`_roots`) checked in the cheap form at the cell's two grid points, the
    neighbouring cell tried once where a check fails.  A flat row, or one still not
    placed, is :data:`UNPLACED`; one with a check within :data:`SURE` of its target (not
    0, below ``M`` times the weights' total above :data:`NONZERO`) is :data:`UNSURE` at
    the cell checked."""
    total = numpy_sum.total(weights)
    share = weights / total
    root, flat = _roots(share, decay, scale, extra, target, softness)
    cells = 1 << STEPS
    width = (HIGH - LOW) / cells
    cell = np.zeros(target.size, np.int64)
    state = np.full(target.size, UNPLACED, np.int8)
    for i in range(target.size):
        if flat[i]:
            continue
        j = int(min(max(np.floor((root[i] - LOW) / width), 0.0), cells - 1.0))
        for _ in range(2):  # a root next to a grid point: look one cell over, once
            left = right = True  # M(g_j) > target, M(g_{j+1}) <= target
            for point in range(j, j + 2):
                if 0 < point < cells:
                    excess = _excess(share, decay, answer_kernels.row(scale, i),
                                     answer_kernels.row(extra, i),
                                     target[i], LOW + width * point, softness)[0]
                    if abs(excess) <= SURE and not (target[i] == 0.0
                                                    and excess * total > NONZERO):
                        state[i] = UNSURE
                    elif point == j:
                        left = excess > 0
                    else:
                        right = excess <= 0
            if state[i] == UNSURE:
                break
            if left and right:
                state[i] = PLACED
                break
            j = min(max(j - (not left) + (not right), 0), cells - 1)
        cell[i] = j
    midpoint = LOW + (HIGH - LOW) * (2 * cell + 1) / (2 * cells)
    return cell, midpoint, state, bool((state == PLACED).all())


def solve(weights: np.ndarray, u: np.ndarray, scale: np.ndarray, extra: np.ndarray,
          target: np.ndarray, softness: float) -> np.ndarray:
    """The thresholds :func:`bisect` gives, found by Newton's method and two checks of
    ``M`` per row (see the module's docstring).  ``target`` has one entry per threshold;
    ``scale`` and ``extra`` are per combo or one row per threshold."""
    target = np.asarray(target, dtype=np.float64)
    scale, extra = _rows(scale, target.size), _rows(extra, target.size)
    cell, out, state, placed = _cells(weights, np.exp(-u / softness), scale, extra, target,
                                      softness)
    if placed:
        return out
    cells = 1 << STEPS
    unsure = np.flatnonzero(state == UNSURE)
    if unsure.size:  # the checks made with M as the bisection computes it
        mass = _Mass(weights, u, _take(scale, unsure), _take(extra, unsure), target[unsure],
                     softness)
        near = cell[unsure]
        width = (HIGH - LOW) / cells
        left = (near == 0) | mass.above(LOW + width * near)
        right = (near == cells - 1) | ~mass.above(LOW + width * (near + 1))
        state[unsure] = np.where(left & right, PLACED, UNPLACED)
    unplaced = state == UNPLACED
    if unplaced.any():
        out[unplaced] = _bisect_rows(weights, u, scale, extra, target, softness, unplaced)
    return out


def _rows(array: np.ndarray, count: int) -> np.ndarray:
    """float64 (rows, combos), C-ordered: ``array`` per combo (one shared row) or one row
    per threshold of ``count``."""
    rows = array[None, :] if array.ndim == 1 else array
    if rows.ndim != 2 or rows.dtype != np.float64 or not rows.flags.c_contiguous:
        rows = np.ascontiguousarray(np.atleast_2d(array), dtype=np.float64)
    if rows.shape[0] not in (1, count):
        raise ValueError(f"{rows.shape[0]} rows for {count} thresholds")
    return rows


def _take(rows: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """The ``chosen`` rows of a :func:`_rows` array (its only row when shared)."""
    return rows if rows.shape[0] == 1 else rows[chosen]


def _bisect_rows(weights: np.ndarray, u: np.ndarray, scale: np.ndarray, extra: np.ndarray,
                 target: np.ndarray, softness: float, rows: np.ndarray) -> np.ndarray:
    """:func:`bisect` of the chosen ``rows`` (bool per threshold), each distinct row once
    (:func:`_bisected`)."""
    shape = (target.size, u.size)
    scale_rows = np.broadcast_to(scale, shape)[rows]
    extra_rows = np.broadcast_to(extra, shape)[rows]
    kept = content(weights), content(u)
    return np.array([_bisected(*kept, content(row_scale), content(row_extra), float(row_target),
                               softness)
                     for row_scale, row_extra, row_target in zip(scale_rows, extra_rows,
                                                                 target[rows], strict=True)])


@functools.lru_cache(maxsize=BISECTED_KEPT)
def _bisected(weights: bytes, u: bytes, scale: bytes, extra: bytes, target: float,
              softness: float) -> float:
    """:func:`bisect` of one row, its arrays given as float64 bytes: kept, for a range whose
    raises are capped by its value hands asks the same threshold at every size, and again
    at the next call on it (three rows in four bisected against the station had been)."""
    return float(bisect(np.frombuffer(weights), np.frombuffer(u), np.frombuffer(scale)[None, :],
                        np.frombuffer(extra)[None, :], np.array([target]), softness)[0])
