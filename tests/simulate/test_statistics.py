"""The run statistics against published t quantiles and a computation by hand."""

import math

import pytest

from assistant.simulate.statistics import RunResult, mean_interval, summarise, t_cdf, t_quantile


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
