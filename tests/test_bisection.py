"""The bisection's early end (a step that leaves the interval as it was) against the
loop written out with all its steps, bit for bit."""

import math
import random
from collections.abc import Callable

import pytest

from assistant.bisection import STEPS, increasing_root
from assistant.opponents.seats import looseness_for_vpip, reference_share


def every_step(function: Callable[[float], float], target: float, low: float,
               high: float) -> float:
    """The definition: :data:`STEPS` halvings, none skipped."""
    for _ in range(STEPS):
        middle = 0.5 * (low + high)
        low, high = (middle, high) if function(middle) < target else (low, middle)
    return 0.5 * (low + high)


FUNCTIONS = [
    (lambda x: x * x, 2.0, 0.0, 2.0),
    (math.exp, 3.0, -5.0, 5.0),
    (lambda x: math.floor(4 * x), 2.0, 0.0, 1.0),  # flat pieces: a jump at the root
    (lambda x: x, 7.0, 0.0, 1.0),  # beyond the interval: the high end
    (lambda x: x, -7.0, 0.0, 1.0),  # below it: the low end
    (lambda x: 1e-300 * x, 0.0, -1e-300, 1e-300),  # subnormal ends
]


@pytest.mark.parametrize("case", range(len(FUNCTIONS)))
def test_the_root_is_the_one_of_every_step(case: int) -> None:
    function, target, low, high = FUNCTIONS[case]
    assert increasing_root(function, target, low, high) == every_step(function, target,
                                                                       low, high)


@pytest.mark.parametrize("players", [2, 6, 10])
def test_the_looseness_for_a_vpip_is_the_one_of_every_step(players: int) -> None:
    rests = [1.0 - reference_share(p, players) for p in range(players)]

    def mean(looseness: float) -> float:
        return sum([1.0 - rest ** looseness for rest in rests]) / players

    shares = random.Random(players)
    for vpip in (0.0, 0.02, 0.1, 0.2137, 0.5, 0.98, 1.0, -0.5, 1.5,
                 *(shares.random() for _ in range(300))):
        assert looseness_for_vpip(vpip, players) == every_step(mean, vpip, 0.01, 10.0)
