"""The run statistics against published t quantiles and a computation by hand."""

import math

import numpy as np
import pytest

from assistant.simulate.statistics import (
    RunResult,
    mean_interval,
    ruin_if_played_on,
    summarise,
    t_cdf,
    t_quantile,
)


@pytest.mark.parametrize(("df", "published"), [(1, 12.706), (2, 4.303), (5, 2.571),
                                               (10, 2.228), (30, 2.042), (120, 1.980)])
def test_t_quantile_matches_the_published_table(df: int, published: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(published, abs=6e-4)


def test_t_cdf_of_one_degree_is_the_cauchy() -> None:
    for x in (-3.0, -0.5, 0.2, 1.0, 7.0):
        assert t_cdf(x, 1) == pytest.approx(0.5 + math.atan(x) / math.pi, abs=1e-7)


def result(final: float, hands: int = 100, ruined: bool = False) -> RunResult:
    return RunResult(start=1000, final=final, hands=hands, ruined=ruined, big_blind=2,
                     seconds=0.5)


def test_summary_of_a_toy_sample_by_hand() -> None:
    # Four runs: +20, -10, +50 and +0 big blinds over 100, 100, 100 and 50 hands.
    runs = [result(1040), result(980), result(1100), result(1000, 50, ruined=True)]
    summary = summarise(runs, seconds=2.0)
    per_100 = [20.0, -10.0, 50.0, 0.0]
    mean = sum(per_100) / 4  # 15
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_100) / 3)  # sqrt(2100 / 3)
    half = 3.182446 * sd / 2  # t(0.975, 3) = 3.1824
    assert summary.bb_per_100 == pytest.approx(mean)
    assert summary.ci95[0] == pytest.approx(mean - half, rel=1e-5)
    assert summary.ci95[1] == pytest.approx(mean + half, rel=1e-5)
    assert summary.ruin_rate == 0.25
    assert summary.mean_log_growth == pytest.approx(
        (math.log(1.04) + math.log(0.98) + math.log(1.1) + 0) / 4)
    assert summary.hands_played == 350
    assert summary.hands_per_second == 175


def test_a_lost_bankroll_has_log_growth_minus_infinity() -> None:
    assert result(0).log_growth == -math.inf
    assert summarise([result(0), result(1000)], 1.0).mean_log_growth == -math.inf


def test_one_run_has_no_interval_and_none_no_figures() -> None:
    mean, low, high = mean_interval([3.0])
    assert mean == 3.0 and math.isnan(low) and math.isnan(high)
    empty = summarise([], 1.0)
    assert empty.runs == 0 and math.isnan(empty.bb_per_100)


def test_ruin_if_played_on_against_brute_force_walks() -> None:
    """Bankrolls that move by Gaussian steps (drift 0.2, spread 2 chips a hand) from 20
    chips above the ruin line: 400 runs of 250 hands give the estimate; 3,000 walks of
    1,500 hands (after which a ruin is all but impossible) count the ruins directly.
    For normal steps the bound is the Brownian formula, exp(-2) = 0.135; discrete steps
    overshoot the line, which lowers the true chance a little (to about 0.12)."""
    rng = np.random.default_rng(20261125)
    drift, spread, distance = 0.2, 2.0, 20.0
    runs = []
    for _ in range(400):
        steps = rng.normal(drift, spread, 250)
        runs.append(RunResult(1000.0, 1000.0 + float(steps.sum()), 250, False, 2, 0.0,
                              1000.0 - distance, tuple(steps.tolist())))
    walks = np.cumsum(rng.normal(drift, spread, (3000, 1500)), axis=1)
    counted = float(np.mean(walks.min(axis=1) <= -distance))
    assert 0.10 < counted < 0.14
    # The estimate's own noise: the drift is measured to about 3 % (0.2 ± 2 / √100,000).
    assert ruin_if_played_on(runs) == pytest.approx(counted, abs=0.04)


def test_ruin_if_played_on_by_hand() -> None:
    # Two runs of 10 hands, +30 and -10 chips: 0.5 exp(-30 θ) + 0.5 exp(10 θ) = 1, so
    # y = exp(10 θ) solves y^4 - 2 y^3 + 1 = (y - 1)(y^3 - y^2 - y - 1) = 0: the tribonacci
    # constant 1.839286755...; 50 chips above the line give y^-5.
    runs = [RunResult(100, 130, 10, False, 2, 0.0, 50), RunResult(100, 90, 10, False, 2, 0.0, 50)]
    assert ruin_if_played_on(runs) == pytest.approx(1.839286755214161 ** -5)
    losing = [RunResult(100, 90, 10, False, 2, 0.0, 50)] * 2
    assert ruin_if_played_on(losing) == 1.0
    never_lost = [RunResult(100, 110, 10, False, 2, 0.0, 50)] * 2
    assert ruin_if_played_on(never_lost) == 0.0
    assert math.isnan(ruin_if_played_on(runs[:1]))


def test_ruin_if_played_on_is_the_gamblers_ruin_for_unit_steps() -> None:
    """Steps of +1 (60 %) and -1 (40 %) from 10 above the line: the walk hits the line
    exactly (no overshoot), so the bound is the classical ruin chance (0.4 / 0.6)^10."""
    runs = ([RunResult(100, 101, 1, False, 2, 0.0, 90)] * 60
            + [RunResult(100, 99, 1, False, 2, 0.0, 90)] * 40)
    assert ruin_if_played_on(runs) == pytest.approx((0.4 / 0.6) ** 10, rel=1e-9)


def test_skewed_results_ruin_less_than_their_variance_says() -> None:
    """Lose one chip 70 % of the time, win five 30 %: 3,000 brute-force walks of 2,000
    steps from 12 above the line count the ruins; the bound holds them, and the Brownian
    formula (reading only the mean and variance) overstates them."""
    rng = np.random.default_rng(11)
    steps = np.where(rng.random((3000, 2000)) < 0.3, 5.0, -1.0)
    counted = float(np.mean(np.cumsum(steps, axis=1).min(axis=1) <= -12))
    runs = ([RunResult(100, 105, 1, False, 2, 0.0, 88)] * 30
            + [RunResult(100, 99, 1, False, 2, 0.0, 88)] * 70)
    mean, variance = 0.8, 0.3 * 25 + 0.7 - 0.8 ** 2
    brownian = math.exp(-2 * mean * 12 / variance)
    assert counted <= ruin_if_played_on(runs) + 0.01
    assert ruin_if_played_on(runs) == pytest.approx(counted, abs=0.02)
    assert brownian > 1.5 * ruin_if_played_on(runs)
