"""The growth's kernels against numpy and Python: the patterns' products of the runouts'
sums, and the log wealth of a showdown and of a size's patterns."""

import math

import numpy as np
import pytest

from assistant.growth_kernels import level_values, log_outcome, pattern_sums


@pytest.mark.parametrize("runouts", [1, 46, 600, 1081])
def test_a_pattern_s_sums_are_numpy_s_products_summed(runouts: int) -> None:
    """Each row of members (-1 for none) against numpy: the product of the members'
    rows of the runouts' sums, taken in the members' order, summed over the runouts."""
    rng = np.random.default_rng(runouts)
    ranges = 6
    sums = rng.random((3, ranges, runouts)) * 10.0 ** rng.uniform(-3, 3, (3, ranges, runouts))
    members = np.full((12, 5), -1, dtype=np.int64)
    for row in range(len(members)):
        chosen = rng.permutation(ranges)[:rng.integers(2, 6)]
        slots = np.sort(rng.permutation(5)[:chosen.size])
        members[row, slots] = chosen
    got = pattern_sums(sums, members)
    assert got.shape == (len(members), 3, 1)
    for row, index in enumerate(members.tolist()):
        columns = [c for c in index if c >= 0]
        product = sums[:, columns[0]] * sums[:, columns[1]]
        for column in columns[2:]:
            product *= sums[:, column]
        assert got[row, :, 0].tolist() == product.sum(axis=1).tolist()


def _python_log_outcome(wealth: float, factor: float, win: float, tie: float,
                        invested: int, pot: int) -> float:
    """The rule as the Python loop wrote it before the kernel."""
    win, tie = win * factor, tie * factor
    lose = max(1.0 - win - tie, 0.0)
    base = wealth - invested
    value = 0.0
    for p, w_out in ((win, base + pot), (tie, base + pot / 2), (lose, base)):
        if p > 0:
            value += p * (math.log(w_out) if w_out > 0 else -math.inf)
    return value


@pytest.mark.parametrize("seed", range(6))
def test_a_showdown_s_log_wealth_has_the_python_loop_s_bits(seed: int) -> None:
    """Ruin (a wealth of 0 or less), a tie of 0 and a certain win included."""
    rng = np.random.default_rng(seed)
    for _ in range(3000):
        win = float(rng.choice([0.0, 1.0, rng.random()]))
        tie = float(rng.choice([0.0, rng.random() * (1.0 - win)]))
        wealth = float(rng.uniform(1.0, 2000.0))
        invested, pot = int(rng.integers(0, 2500)), int(rng.integers(0, 5000))
        factor = float(rng.choice([1.0, 0.8]))
        want = _python_log_outcome(wealth, factor, win, tie, invested, pot)
        got = log_outcome(wealth, factor, win, tie, float(invested), float(pot))
        assert got == want or (math.isinf(want) and got == want)
        assert level_values(np.array([[0.25], [1.0]]), np.array([invested]),
                            np.array([0, 2]), np.array([0.5, 0.25]), np.array([0, 1]), 0,
                            np.array([[0.0, 0.0], [win, tie]]),
                            np.array([0, invested]), np.array([0, pot]),
                            np.array([False, factor != 1.0]), wealth, float(pot),
                            factor).tolist() == [
            0.25 + (1.0 - (0.5 + 0.25)) * math.log(max(wealth - invested, 1e-300))
            + 0.5 * math.log(wealth + pot) + 0.25 * want]
