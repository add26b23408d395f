"""The per-combo loops of the answers (:mod:`assistant.opponents.policy`), compiled: one
pass over a range where numpy made a temporary array per operation.

They give numpy's results to the last bit, so that moving a rule here changes no
decision: each number is formed by the same floating-point operations in the same order
(no fastmath, so no fused multiply-adds), a range's sums are numpy's pairwise
summation (:func:`assistant.numpy_sum.total`), and the exponentials stay numpy's, which
run on SIMD lanes with rounding of their own: a logistic ``σ(z)`` is read as
``1 / (1 + e)`` from ``e = exp(-z)``, the arguments ``-z`` written here
(:func:`write_exponents`) and raised by numpy
(:func:`assistant.opponents.policy.stacked_exponentials`).

The module holds numba kernels: :mod:`assistant.opponents.policy` imports it inside the
functions that run them, off the window's imports.
"""

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel
from assistant.numpy_sum import total


@njit(cache=True, nogil=True, error_model="numpy")
def row(array: np.ndarray, i: int) -> np.ndarray:
    """Row ``i`` of a per-size array, or its only row when it has one (shared by every
    size)."""
    return array[i if array.shape[0] > 1 else 0]


@njit(cache=True, nogil=True, error_model="numpy")
def write_exponents(x: np.ndarray, shift: np.ndarray, softness: float, out: np.ndarray,
                    first: int) -> None:
    """``-((x - shift) / softness)``, one row per shift, into rows ``first`` to ``first +
    shift.size`` of ``out``: the arguments whose exponentials give the logistics
    ``σ((x - shift) / softness)`` (several ``x`` in one array, raised at once)."""
    for i in range(shift.size):
        for c in range(x.size):
            out[first + i, c] = -((x[c] - shift[i]) / softness)


@njit(cache=True, nogil=True, error_model="numpy")
def shares(exponentials: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per row, ``sum(σ * weights)`` (not divided by the weights' sum), the logistics
    ``σ = 1 / (1 + e)`` of the rows' ``e`` (:func:`write_exponents`, raised)."""
    rows, size = exponentials.shape
    out = np.empty(rows)
    terms = np.empty(size)
    for i in range(rows):
        for c in range(size):
            terms[c] = 1.0 / (1.0 + exponentials[i, c]) * weights[c]
        out[i] = total(terms)
    return out


@njit(cache=True, nogil=True, error_model="numpy")
def levels(exponentials: np.ndarray, scale: np.ndarray, extra: np.ndarray,
           weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The levels ``min(1, scale * σ + extra)`` (a raise's or a bet's chance, the
    threshold's mass per combo), ``σ = 1 / (1 + e)`` of the rows' ``e``, ``scale`` and
    ``extra`` one shared row or one per row; and per row ``sum(weights * level)``."""
    rows, size = exponentials.shape
    out = np.empty((rows, size))
    mass = np.empty(rows)
    terms = np.empty(size)
    for i in range(rows):
        row_scale, row_extra = row(scale, i), row(extra, i)
        for c in range(size):
            level = row_scale[c] * (1.0 / (1.0 + exponentials[i, c])) + row_extra[c]
            level = level if level < 1.0 else 1.0
            out[i, c] = level
            terms[c] = weights[c] * level
        mass[i] = total(terms)
    return out, mass


@njit(cache=True, nogil=True, error_model="numpy")
def complements(level: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``1 - level`` (the combos that did not raise) and per row ``sum(weights * (1 -
    level))``."""
    rows, size = level.shape
    out = np.empty((rows, size))
    mass = np.empty(rows)
    terms = np.empty(size)
    for i in range(rows):
        for c in range(size):
            rest = 1.0 - level[i, c]
            out[i, c] = rest
            terms[c] = weights[c] * rest
        mass[i] = total(terms)
    return out, mass


@njit(cache=True, nogil=True, error_model="numpy")
def calls(exponentials: np.ndarray, rest: np.ndarray, raise_: np.ndarray,
          floor: float) -> tuple[np.ndarray, np.ndarray]:
    """The calls ``rest (floor + (1 - floor) σ)`` (``σ = 1 / (1 + e)`` of the rows' ``e``)
    and the folds ``1 - raise - call`` (clipped to ``[0, 1]``)."""
    rows, size = exponentials.shape
    call = np.empty((rows, size))
    fold = np.empty((rows, size))
    for i in range(rows):
        for c in range(size):
            keep = floor + (1.0 - floor) * (1.0 / (1.0 + exponentials[i, c]))
            called = rest[i, c] * keep
            left = 1.0 - raise_[i, c] - called
            left = left if left > 0.0 else 0.0
            call[i, c] = called
            fold[i, c] = left if left < 1.0 else 1.0
    return call, fold


@njit(cache=True, nogil=True, error_model="numpy")
def percentiles(weights: np.ndarray, order: np.ndarray, first: np.ndarray,
                after: np.ndarray, whole: float) -> np.ndarray:
    """Each combo's range percentile: the weight below its run of equal strengths plus
    half its run's, over the range's ``whole`` weight, from the order that sorts the
    strengths and each combo's run (``first``, ``after``: positions in the sorted)."""
    size = weights.size
    cumulative = np.empty(size + 1)
    cumulative[0] = 0.0
    if size:
        cumulative[1] = weights[order[0]]
    for k in range(1, size):
        cumulative[k + 1] = cumulative[k] + weights[order[k]]
    out = np.empty(size)
    for c in range(size):
        below = cumulative[first[c]]
        out[c] = (below + 0.5 * (cumulative[after[c]] - below)) / whole
    return out
