"""The figures of a set of bankroll runs: bb/100 with a 95 % confidence interval, ruin
rate (measured, and bounded for playing on forever) and mean log growth.

Each run is one independent bankroll, so the runs are the sample: the interval is
Student's t over the runs' own bb/100, ``mean ± t(0.975, n - 1) · sd / √n`` (sd with
``n - 1``).  The t quantile comes from integrating the t density (Simpson's rule) and
bisecting, so no statistics package is needed.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from assistant.bisection import increasing_root

CONFIDENCE = 0.95
SIMPSON_STEPS = 4000  # even


@dataclass(frozen=True)
class RunResult:
    """One bankroll run: chips at the start and the end, hands played (fewer than asked
    when ruined or stopped), ruin, the big blind in chips, the bankroll below which
    the run counts as ruined, and the chips won in each hand (when kept)."""

    start: float
    final: float
    hands: int
    ruined: bool
    big_blind: int
    seconds: float
    ruin_line: float = 0.0
    hand_results: tuple[float, ...] = ()

    @property
    def bb_per_100(self) -> float:
        """The run's result in big blinds per 100 hands played (0 if none was)."""
        return 100 * (self.final - self.start) / self.big_blind / self.hands if self.hands else 0.0

    @property
    def log_growth(self) -> float:
        """``ln(final / start)`` of the bankroll (minus infinity if it is all lost)."""
        return math.log(self.final / self.start) if self.final > 0 else -math.inf


def t_cdf(x: float, df: int) -> float:
    """P(T <= x) for Student's t with ``df`` degrees of freedom.

    >>> round(t_cdf(0.0, 3), 6), round(t_cdf(1.0, 1), 6)  # the Cauchy: 1/2 + atan(1)/pi
    (0.5, 0.75)
    """
    if x < 0:
        return 1 - t_cdf(-x, df)
    log_norm = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    t = np.linspace(0.0, x, SIMPSON_STEPS + 1)
    density = np.exp(log_norm - (df + 1) / 2 * np.log1p(t * t / df))
    weights = np.ones(SIMPSON_STEPS + 1)
    weights[1:-1:2], weights[2:-1:2] = 4, 2
    return 0.5 + float(weights @ density) * x / SIMPSON_STEPS / 3


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (p > 1/2) of Student's t with ``df`` degrees of freedom."""
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, 2 * high
    return increasing_root(lambda x: t_cdf(x, df), p, low, high)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its two-sided 95 % t interval; the interval is NaN for fewer than two
    values.

    >>> [round(x, 4) for x in mean_interval([1.0, 2.0, 3.0])]  # 2 ± 4.3027 / √3
    [2.0, -0.4841, 4.4841]
    """
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile((1 + CONFIDENCE) / 2, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def ruin_if_played_on(results: Sequence[RunResult]) -> float:
    """The chance that a bankroll like these runs' is ever ruined, playing on forever with
    hands like theirs.

    The steps ``W`` are the chips won in each hand (a run that kept no hand results is one
    step); their adjustment coefficient ``θ > 0`` solves ``E[exp(-θ W)] = 1`` (the mean
    over the steps), and a bankroll ``B`` chips above the ruin line is then ever ruined with
    probability at most ``exp(-θ B)`` (Lundberg's inequality, the classical bound of
    risk theory, tight for small steps), 1 when the mean result is not positive, 0 when
    no run lost.  For normal results ``θ = 2 μ / σ²``, the Brownian formula; poker's
    results are skewed (a hero who calls all-ins wins several buy-ins at once and loses
    one), where the Brownian formula, reading only the variance, overstates the risk.
    A run's own ruin rate cannot see a ruin that takes longer than the run; this
    estimate can, as far as the runs represent the play.  NaN for fewer than two runs.
    """
    n = len(results)
    if n < 2 or sum(r.hands for r in results) == 0:
        return math.nan
    won = np.array([step for r in results for step in
                    (r.hand_results or (r.final - r.start,))], dtype=np.float64)
    if won.mean() <= 0:
        return 1.0
    if won.min() >= 0:
        return 0.0
    distance = math.fsum(r.start - r.ruin_line for r in results) / n

    def excess(theta: float) -> float:  # log E[exp(-θ W)]: 0 at 0, falls, then rises
        exponents = -theta * won
        top = float(exponents.max())
        return top + math.log(float(np.exp(exponents - top).mean()))

    high = 1.0 / float(-won.min())
    while excess(high) < 0:
        high *= 2.0
    low = 0.0
    for _ in range(200):
        middle = 0.5 * (low + high)
        if excess(middle) < 0:
            low = middle
        else:
            high = middle
        if high - low <= 1e-12 * high:
            break
    return math.exp(-0.5 * (low + high) * distance)


@dataclass(frozen=True)
class Summary:
    """The runs of one simulation summarised.

    ``bb_per_100`` is the mean over runs of each run's bb/100, ``ci95`` its interval;
    ``ruin_rate`` the share of runs ruined, ``ruin_if_played_on`` a bound on the chance of ever
    being ruined playing on (:func:`ruin_if_played_on`); ``mean_log_growth`` the mean over
    runs of ``ln(final / start)``; ``hands_per_second`` every hand played over the wall
    time.
    """

    runs: int
    hands_played: int
    bb_per_100: float
    ci95: tuple[float, float]
    ruin_rate: float
    mean_log_growth: float
    hands_per_second: float
    seconds: float
    ruin_if_played_on: float = math.nan


def summarise(results: Sequence[RunResult], seconds: float) -> Summary:
    """The figures of ``results``, played in ``seconds`` of wall time."""
    if not results:
        return Summary(0, 0, math.nan, (math.nan, math.nan), math.nan, math.nan, 0.0, seconds)
    mean, low, high = mean_interval([r.bb_per_100 for r in results])
    played = sum(r.hands for r in results)
    return Summary(
        runs=len(results),
        hands_played=played,
        bb_per_100=mean,
        ci95=(low, high),
        ruin_rate=sum(r.ruined for r in results) / len(results),
        mean_log_growth=float(np.mean([r.log_growth for r in results])),
        hands_per_second=played / seconds if seconds > 0 else math.inf,
        seconds=seconds,
        ruin_if_played_on=ruin_if_played_on(results),
    )
