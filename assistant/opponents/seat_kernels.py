"""The first-in shares of :mod:`assistant.opponents.seats`, compiled: a looseness for a
VPIP is found by bisection on the mean share over a table's seats, some fifty means per
profile fitted, each a handful of powers that cost less than the Python calls around
them.

The shares are the Python expressions' to the last bit: the same power (the C
library's ``pow``, which CPython's ``**`` on floats calls too), and the mean added in
the seats' order, as Python 3.11's ``sum`` of a list of floats added it (3.12's ``sum``
compensates its rounding: this order is the rule's own now).

The module holds numba kernels: :mod:`assistant.opponents.seats` imports it inside the
functions that run them, off the window's imports.
"""

import numpy as np
from numba import njit

import assistant.numba_config  # noqa: F401 - the kernel cache, before any kernel


@njit(cache=True, nogil=True)
def entry(rest: float, looseness: float) -> float:
    """The first-in share of a player of ``looseness`` at a seat where the reference
    player folds ``rest`` (``1 - x_ref``) of its hands: ``1 - rest**looseness``."""
    return 1.0 - rest ** looseness


@njit(cache=True, nogil=True)
def mean_entry(rests: np.ndarray, looseness: float) -> float:
    """The mean :func:`entry` of a player of ``looseness`` over seats of ``rests``
    (float64, one per seat), added in the seats' order."""
    total = 0.0
    for rest in rests:
        total += entry(rest, looseness)
    return total / len(rests)
