"""The root of an increasing function by bisection: the one loop the engine's solvers
share (a looseness for a VPIP, the opener's scale, a t quantile)."""

from collections.abc import Callable

STEPS = 60
"""Halvings: 60 take any interval below a float's resolution."""


def increasing_root(function: Callable[[float], float], target: float, low: float,
                    high: float) -> float:
    """The ``x`` in [``low``, ``high``] where an increasing ``function`` reaches
    ``target``: the interval is halved :data:`STEPS` times, keeping the half where
    ``function`` crosses it.  A step that leaves the interval as it was (its ends next
    to each other in floating point) ends the loop: every later step would repeat it.

    >>> round(increasing_root(lambda x: x * x, 2.0, 0.0, 2.0), 12)
    1.414213562373
    """
    for _ in range(STEPS):
        middle = 0.5 * (low + high)
        if function(middle) < target:
            if middle == low:
                break
            low = middle
        else:
            if middle == high:
                break
            high = middle
    return 0.5 * (low + high)
