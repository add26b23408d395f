"""The compiled first-in shares are Python's to the last bit: each is compared with the
plain Python rule it replaced, on random seats and loosenesses."""

import random

import pytest

from assistant.opponents import seat_kernels
from assistant.opponents.seats import _rests


@pytest.mark.parametrize("seed", range(4))
def test_an_entry_is_python_s_power(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2000):
        rest, looseness = rng.random(), rng.uniform(0.01, 10.0)
        assert seat_kernels.entry(rest, looseness) == 1.0 - rest ** looseness


@pytest.mark.parametrize("players", range(2, 11))
def test_a_mean_entry_adds_the_seats_in_order(players: int) -> None:
    """As Python 3.11's ``sum`` of a list of floats adds them (3.12's compensates)."""
    rng = random.Random(players)
    rests = _rests(players)
    for _ in range(500):
        looseness = rng.uniform(0.01, 10.0)
        total = 0.0
        for rest in rests.tolist():
            total += 1.0 - rest ** looseness
        assert seat_kernels.mean_entry(rests, looseness) == total / len(rests)
