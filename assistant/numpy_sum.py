"""numpy's pairwise summation in numba kernels: a float64 row added in the order
``ndarray.sum`` adds it, so that a rule moved from numpy into a kernel keeps numpy's bits
(and so every decision).

numpy adds a run of at most :data:`BLOCK` values in eight interleaved running sums,
combined in pairs, then the run's tail; a longer run is split in two, the first half a
multiple of eight long, and the halves' sums are added (``pairwise_sum`` in numpy's
``loops_utils.h``).  The halvings run from a stack, in the recursion's order, because
numba's cache does not reload a recursive kernel.
"""

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel

BLOCK = 128
"""numpy's ``PW_BLOCKSIZE``: runs up to this long are added in eight lanes."""
LANES = 8
"""numpy's unrolling of a block's sum."""
DEPTH = 128
"""Room for the walk's stack: each halving adds two entries, and 60 halvings would take
more values than memory holds."""


@njit(cache=True, nogil=True, error_model="numpy")
def _block_sum(values: np.ndarray, start: int, n: int) -> float:
    """numpy's sum of ``values[start:start + n]``, ``n`` at most :data:`BLOCK`: under
    eight values one by one from -0 (so that a run of -0 sums to -0), else eight running
    sums, added pairwise, then the tail."""
    if n < LANES:
        total = -0.0
        for i in range(start, start + n):
            total += values[i]
        return total
    r0, r1, r2, r3 = values[start], values[start + 1], values[start + 2], values[start + 3]
    r4, r5, r6, r7 = values[start + 4], values[start + 5], values[start + 6], values[start + 7]
    end = start + n - n % LANES
    for i in range(start + LANES, end, LANES):
        r0 += values[i]
        r1 += values[i + 1]
        r2 += values[i + 2]
        r3 += values[i + 3]
        r4 += values[i + 4]
        r5 += values[i + 5]
        r6 += values[i + 6]
        r7 += values[i + 7]
    total = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    for i in range(end, start + n):
        total += values[i]
    return total


@njit(cache=True, nogil=True)
def sum_room() -> tuple[np.ndarray, np.ndarray]:
    """The work room :func:`pairwise_sum` walks in: int64 ``(DEPTH, 3)`` and float64
    ``(DEPTH,)`` (made once by a kernel that sums many rows)."""
    return np.empty((DEPTH, 3), np.int64), np.empty(DEPTH)


@njit(cache=True, nogil=True, error_model="numpy")
def pairwise_sum(values: np.ndarray, walk: np.ndarray, found: np.ndarray) -> float:
    """``values.sum()`` of a contiguous float64 row, to the bit: the reduction's identity
    0 plus the pairwise sum, walked in the room ``walk`` and ``found`` (:func:`sum_room`)."""
    walk[0, 0], walk[0, 1], walk[0, 2] = 0, values.size, 0
    top, kept = 1, 0
    while top > 0:
        top -= 1
        start, n = walk[top, 0], walk[top, 1]
        if walk[top, 2]:  # both halves are summed: add them
            kept -= 1
            found[kept - 1] += found[kept]
        elif n <= BLOCK:
            found[kept] = _block_sum(values, start, n)
            kept += 1
        else:
            half = n // 2
            half -= half % LANES
            walk[top, 2] = 1  # back to this node after its halves, first half first
            walk[top + 1, 0], walk[top + 1, 1], walk[top + 1, 2] = start + half, n - half, 0
            walk[top + 2, 0], walk[top + 2, 1], walk[top + 2, 2] = start, half, 0
            top += 3
    return 0.0 + found[0]


@njit(cache=True, nogil=True, error_model="numpy")
def total(values: np.ndarray) -> float:
    """``values.sum()`` of a contiguous float64 row, to the bit (:func:`pairwise_sum` in
    a room of its own)."""
    walk, found = sum_room()
    return pairwise_sum(values, walk, found)
